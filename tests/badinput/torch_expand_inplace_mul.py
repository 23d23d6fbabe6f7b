# badinput: mul_ on an expanded view
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
torch.zeros(3, 1).expand(3, 4).mul_(2)
