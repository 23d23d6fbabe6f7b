# badinput: torch.jit.trace of a function returning an int
# expect-exit: 1
# expect-stderr: RuntimeError: Only tensors, lists, tuples of tensors, or dictionary of tensors can be output from traced functions
import torch
torch.jit.trace(lambda x: 5, torch.ones(1))
