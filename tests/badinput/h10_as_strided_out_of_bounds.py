# badinput: as strided out of bounds
# expect-exit: 1
# expect-stderr: RuntimeError: setStorage: sizes [10], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 40 are out of bounds for storage of size 16
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(4).as_strided((10,), (1,))
