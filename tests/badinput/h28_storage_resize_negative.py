# badinput: UntypedStorage.resize_ to a negative size
# expect-exit: 1
# expect-stderr: ((ptrdiff_t)nbytes) >= 0. alloc_cpu() seems to have been called with negative number: 18446744073709551615
import torch
x = torch.zeros(4)
x.untyped_storage().resize_(-1)
