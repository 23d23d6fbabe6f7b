# badinput: torch.nn / utils misuse: nn mha bad heads
# expect-exit: 1
# expect-stderr: AssertionError: embed_dim must be divisible by num_heads
import torch
torch.nn.MultiheadAttention(10, 3)
