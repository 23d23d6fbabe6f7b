# badinput: nn.MultiheadAttention given keys and values of different lengths
# expect-exit: 1
# expect-stderr: AssertionError: key shape torch.Size([6, 2, 16]) does not match value shape torch.Size([7, 2, 16])
import torch
import torch.nn as nn
m = nn.MultiheadAttention(16, 4, batch_first=True)
q = torch.randn(2, 5, 16)
y = m(q, torch.randn(2, 6, 16), torch.randn(2, 7, 16))
