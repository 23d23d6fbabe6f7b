# badinput: BatchNorm1d in eval mode takes a batch of one
# expect-exit: 0
# expect-stdout: torch.Size([1, 3])
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.BatchNorm1d(3).eval()
print(m(torch.zeros(1, 3)).shape)
