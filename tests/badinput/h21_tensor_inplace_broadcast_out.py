# badinput: in-place add whose result would broadcast bigger
# expect-exit: 1
# expect-stderr: RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(3)
x.add_(torch.ones(2,3))
