# badinput: Module.add_module with an int name: 'module name should be a string. Got int'
# expect-exit: 1
# expect-stderr: TypeError: module name should be a string. Got int
import torch
m = torch.nn.Module()
m.add_module(1, torch.nn.ReLU())
