# badinput: in-place write through an expanded (self-overlapping) view
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.
import torch
x = torch.zeros(1).expand(3)
x.put_(torch.tensor([0]), torch.tensor([1.0]))
