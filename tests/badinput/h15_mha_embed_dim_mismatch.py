# badinput: MultiheadAttention(8) given 4-wide queries: 'was expecting embedding dimension of 8, but got 4'
# expect-exit: 1
# expect-stderr: AssertionError: was expecting embedding dimension of 8, but got 4
import torch
m = torch.nn.MultiheadAttention(8, 2)
q = torch.randn(3, 1, 4)
m(q, q, q)
