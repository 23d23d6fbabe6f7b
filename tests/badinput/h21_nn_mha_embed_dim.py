# badinput: MultiheadAttention fed the wrong embedding dim
# expect-exit: 1
# expect-stderr: AssertionError: was expecting embedding dimension of 8, but got 6
import torch
import torch.nn as nn
import torch.nn.functional as F
m=nn.MultiheadAttention(8,2)
q=torch.randn(3,1,6)
m(q,q,q)
