# badinput: copy_ into an expanded view
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
torch.zeros(1).expand(5).copy_(torch.arange(5.0))
