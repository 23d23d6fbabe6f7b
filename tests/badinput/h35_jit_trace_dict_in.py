# badinput: torch.jit.trace with a dict as example inputs
# expect-exit: 1
# expect-stderr: TypeError: example_inputs must be a Tensor or a tuple of Tensors, not dict
import torch
torch.jit.trace(lambda x: x["a"], {"a": torch.ones(1)})
