# badinput: torch.nn / utils misuse: nn pad neg too much
# expect-exit: 1
# expect-stderr: RuntimeError: narrow(): length must be non-negative.
import torch
torch.nn.functional.pad(torch.ones(2, 2), (-3, 0))
