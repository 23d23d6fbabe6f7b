# badinput: MultiheadAttention with embed_dim not divisible by num_heads
# expect-exit: 1
# expect-stderr: AssertionError: embed_dim must be divisible by num_heads
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.MultiheadAttention(8, 3)
