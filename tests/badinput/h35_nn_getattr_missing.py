# badinput: torch.nn / utils misuse: nn getattr missing
# expect-exit: 1
# expect-stderr: AttributeError: 'Linear' object has no attribute 'wieght'
import torch
torch.nn.Linear(1, 1).wieght
