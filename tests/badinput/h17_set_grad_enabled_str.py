# badinput: torch.set_grad_enabled given a str
# expect-exit: 1
# expect-stderr: TypeError: set_grad_enabled(): argument 'enabled' (position 1) must be bool, not str
import torch
torch.set_grad_enabled("no")
