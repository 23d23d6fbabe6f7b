# badinput: normal with std < 0
# expect-exit: 1
# expect-stderr: RuntimeError: normal expects std >= 0.0, but found std -1
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.normal(0., -1., (2,)))
