# badinput: torch.nn.TransformerEncoderLayer(8, 2)(torch.ones(3, 1, 7)) (misuse sweep: no crash, no hang; the self-attention's F.multi_head_attention_forward assert, as h15_mha_embed_dim_mismatch checked in PyTorch 2.11)
# expect-exit: 1
# expect-stderr: AssertionError: was expecting embedding dimension of 8, but got 7
import torch
import torch.nn.functional as F
torch.nn.TransformerEncoderLayer(8, 2)(torch.ones(3, 1, 7))
