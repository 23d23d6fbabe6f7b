# badinput: shrinking the storage under a live tensor (PyTorch then reads freed memory)
# expect-exit: 1
# expect-stderr: NotImplementedError: UntypedStorage.resize_ shrinking a storage that tensors still view (16 to 2 bytes) is not supported in Kiln
import torch
x = torch.zeros(4)
x.untyped_storage().resize_(2)
print(x)
