# badinput: nn.MultiheadAttention given an attn_mask of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: The shape of the 2D attn_mask is torch.Size([4, 4]), but should be (5, 5).
import torch
import torch.nn as nn
m = nn.MultiheadAttention(16, 4, batch_first=True)
q = torch.randn(2, 5, 16)
y = m(q, q, q, attn_mask=torch.zeros(4, 4, dtype=torch.bool))
