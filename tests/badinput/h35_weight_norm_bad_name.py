# badinput: torch.nn / utils misuse: weight norm bad name
# expect-exit: 1
# expect-stderr: AttributeError: 'Linear' object has no attribute 'nope'
import torch
torch.nn.utils.weight_norm(torch.nn.Linear(2, 2), name="nope")
