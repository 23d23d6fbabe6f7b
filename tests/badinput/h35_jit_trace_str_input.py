# badinput: torch.jit.trace with a str as example inputs
# expect-exit: 1
# expect-stderr: TypeError: example_inputs must be a Tensor or a tuple of Tensors, not str
import torch
torch.jit.trace(lambda x: x, "abc")
