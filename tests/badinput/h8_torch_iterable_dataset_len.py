# badinput: PyTorch misuse: iterable dataset len
# expect-exit: 1
# expect-stderr: TypeError: object of type 'S' has no len()
# expect-stdout: [tensor([0, 1]), tensor([2, 3])]
import torch
from torch.utils.data import IterableDataset, DataLoader
class S(IterableDataset):
    def __iter__(self):
        return iter(range(4))
print(list(DataLoader(S(), batch_size=2)))
len(DataLoader(S()))
