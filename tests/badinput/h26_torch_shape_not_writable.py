# badinput: assigning x.shape: the read-only attribute lives on torch._C.TensorBase, which CPython's message names
# expect-exit: 1
# expect-stderr: AttributeError: attribute 'shape' of 'torch._C.TensorBase' objects is not writable
import torch
x = torch.ones(2)
x.shape = (1, 2)
