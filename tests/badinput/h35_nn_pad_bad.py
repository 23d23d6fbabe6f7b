# badinput: torch.nn / utils misuse: nn pad bad
# expect-exit: 1
# expect-stderr: RuntimeError: Padding length must be divisible by 2
import torch
torch.nn.functional.pad(torch.ones(2, 2), (1,))
