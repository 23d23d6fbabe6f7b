# badinput: nn register param dot (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: KeyError: 'parameter name can\'t contain "."'
import torch
import torch.nn as nn
m = nn.Module()
m.register_parameter('a.b', nn.Parameter(torch.ones(3)))
