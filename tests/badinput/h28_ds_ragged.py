# badinput: DataLoader batching tensors of different sizes
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1
import torch
from torch.utils.data import DataLoader
data = [torch.randn(2), torch.randn(3)]
for b in DataLoader(data, batch_size=2):
    print(b)
