# badinput: zeros(requires_grad='yes'): both zeros signatures take two arguments, so PyTorch lists them (as for dtype='float', h27_overload_type_errors golden); the last line is the out= one
# expect-exit: 1
# expect-stderr:  * (tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, requires_grad='yes')
