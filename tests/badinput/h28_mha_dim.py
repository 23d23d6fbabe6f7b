# badinput: nn.MultiheadAttention given queries of the wrong embedding size
# expect-exit: 1
# expect-stderr: AssertionError: was expecting embedding dimension of 16, but got 8
import torch
import torch.nn as nn
m = nn.MultiheadAttention(16, 4)
q = torch.randn(5, 2, 8)
y = m(q, q, q)
