# badinput: in-place write through an expanded (self-overlapping) view
# expect-exit: 1
# expect-stderr: RuntimeError: setStorage: sizes [2], strides [1], storage offset 3, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16
import torch
torch.ones(4).as_strided((2,), (1,), 3)
