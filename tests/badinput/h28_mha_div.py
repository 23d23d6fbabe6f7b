# badinput: nn.MultiheadAttention whose embed_dim the heads do not divide
# expect-exit: 1
# expect-stderr: AssertionError: embed_dim must be divisible by num_heads
import torch
import torch.nn as nn
m = nn.MultiheadAttention(10, 3)
