# badinput: advanced-index assignment whose value is a view of the written tensor (a[idx] = a[2:])
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.
import torch
a = torch.arange(4.)
a[torch.tensor([0, 1])] = a[2:].clone()
a[:] = a
print(a)
a[torch.tensor([0, 1])] = a[2:]
