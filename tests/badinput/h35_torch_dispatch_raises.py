# badinput: torch API misuse: torch dispatch raises
# expect-exit: 1
# expect-stderr: ValueError: dispatch says no
import torch
from torch.utils._python_dispatch import TorchDispatchMode
class M(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        raise ValueError("dispatch says no")
with M():
    torch.ones(2) + 1
