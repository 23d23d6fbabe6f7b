# badinput: add module dot
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t contain ".", got: a.b'
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Module().add_module("a.b", nn.Linear(1, 1))
