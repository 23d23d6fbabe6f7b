# badinput: torch.nn / utils misuse: nn transformer bad
# expect-exit: 1
# expect-stderr: AssertionError: embed_dim must be divisible by num_heads
import torch
torch.nn.TransformerEncoderLayer(10, 3)
