# badinput: MultiheadAttention with negative num_heads
# expect-exit: 1
# expect-stderr: ValueError: embed_dim and num_heads must be greater than 0, got embed_dim=4 and num_heads=-2 instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.MultiheadAttention(4, -2)
