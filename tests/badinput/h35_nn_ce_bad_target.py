# badinput: torch.nn / utils misuse: nn ce bad target
# expect-exit: 1
# expect-stderr: IndexError: Target 5 is out of bounds.
import torch
torch.nn.functional.cross_entropy(torch.randn(2, 3), torch.tensor([0, 5]))
