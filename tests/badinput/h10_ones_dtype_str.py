# badinput: ones dtype str
# expect-exit: 1
# expect-stderr:  * (tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)
# (both factory signatures take the two arguments, so PyTorch lists them: the PyTorch golden of tests/parity/programs/torch/h27_overload_type_errors, zeros_dtype_str)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, dtype="float32")
