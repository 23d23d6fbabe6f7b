# badinput: register_buffer with a dotted name
# expect-exit: 1
# expect-stderr: KeyError: 'buffer name can\'t contain "."'
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Module()
m.register_buffer('a.b', torch.ones(1))
