# badinput: torch.tensor of a sequence whose __len__ exceeds what __getitem__ serves: the IndexError of the item PyTorch reads by index
# expect-exit: 1
# expect-stderr: IndexError: 2
import torch
class S:
    def __len__(self): return 5
    def __getitem__(self, i):
        if i >= 2: raise IndexError(i)
        return float(i)
torch.tensor(S())
