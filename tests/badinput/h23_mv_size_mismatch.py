# badinput: mv with a vector of the wrong length
# expect-exit: 1
# expect-stderr: RuntimeError: size mismatch, got input (2), mat (2x3), vec (2)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.mv(torch.ones(2,3), torch.ones(2)))
