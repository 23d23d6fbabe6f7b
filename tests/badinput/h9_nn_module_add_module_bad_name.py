# badinput: add_module with a dotted name
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t contain ".", got: a.b'
import torch
torch.nn.Module().add_module('a.b', torch.nn.ReLU())
