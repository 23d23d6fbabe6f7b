# badinput: mha heads divisible
# expect-exit: 1
# expect-stderr: AssertionError: embed_dim must be divisible by num_heads
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.MultiheadAttention(10, 3)
