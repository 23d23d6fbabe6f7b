# badinput: slice assignment into an expanded view
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
e = torch.zeros(1).expand(5)
e[:] = torch.arange(5.0)
