# badinput: Tensor.index_put_ with values that are the tensor itself (a full overlap PyTorch refuses too)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.
import torch
a = torch.arange(4.)
print(torch.index_put(a, (torch.tensor([0, 1, 2, 3]),), a))
a.index_put_((torch.tensor([0, 1, 2, 3]),), a)
