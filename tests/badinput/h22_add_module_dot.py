# badinput: add_module with a dotted name
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t contain ".", got: a.b'
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Module()
m.add_module('a.b', nn.Linear(1, 1))
