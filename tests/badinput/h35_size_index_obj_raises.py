# badinput: torch API misuse: size index obj raises
# expect-exit: 1
# expect-stderr: ValueError: idx
import torch
class I:
    def __index__(self):
        raise ValueError("idx")
torch.zeros(I())
