# badinput: as_strided past the end of the storage
# expect-exit: 1
# expect-stderr: RuntimeError: setStorage: sizes [10], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 40 are out of bounds for storage of size 16
import torch
torch.ones(4).as_strided((10,), (1,))
