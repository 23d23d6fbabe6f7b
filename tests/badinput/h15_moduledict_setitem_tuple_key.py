# badinput: ModuleDict item assignment with a tuple key: "module name should be a string. Got tuple"
# expect-exit: 1
# expect-stderr: TypeError: module name should be a string. Got tuple
import torch
d = torch.nn.ModuleDict()
d[("a", 1)] = torch.nn.ReLU()
