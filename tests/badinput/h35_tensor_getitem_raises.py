# badinput: torch API misuse: tensor getitem raises
# expect-exit: 1
# expect-stderr: KeyError: 'x'
import torch
class S:
    def __len__(self): return 3
    def __getitem__(self, i):
        raise KeyError("x")
torch.tensor(S())
