# badinput: torch.nn / utils misuse: nn init orthogonal 1d
# expect-exit: 1
# expect-stderr: ValueError: Only tensors with 2 or more dimensions are supported
import torch
torch.nn.init.orthogonal_(torch.ones(3))
