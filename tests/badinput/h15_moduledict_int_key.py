# badinput: nn.ModuleDict with an int key: PyTorch's add_module message names the type ("module name should be a string. Got int")
# expect-exit: 1
# expect-stderr: TypeError: module name should be a string. Got int
import torch
torch.nn.ModuleDict({1: torch.nn.Linear(1, 1)})
