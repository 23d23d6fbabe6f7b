# badinput: add_module with an empty name
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t be empty string ""'
import torch
m = torch.nn.Module()
m.add_module("", torch.nn.Linear(1, 1))
