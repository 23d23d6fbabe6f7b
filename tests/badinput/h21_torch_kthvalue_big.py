# badinput: kthvalue with k past the size
# expect-exit: 1
# expect-stderr: kthvalue(): selected number k out of range for dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.kthvalue(torch.randn(3), 5)
