# badinput: a sampler generator raising on its third index
# expect-exit: 1
# expect-stderr: LookupError: sampler broke
# expect-stdout: tensor([10, 20])
import torch
from torch.utils.data import DataLoader
class S:
    def __iter__(self):
        yield 0
        yield 1
        raise LookupError('sampler broke')
    def __len__(self):
        return 3
dl = DataLoader([10, 20, 30], sampler=S(), batch_size=2)
for b in dl:
    print(b)
