# badinput: t jit trace non tensor (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: example_inputs must be a Tensor or a tuple of Tensors, not int
import torch
torch.jit.trace(lambda x: x, 1)
