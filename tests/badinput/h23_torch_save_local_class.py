# badinput: torch.save of an instance of a function-local class
# expect-exit: 1
# expect-stderr: _pickle.PicklingError: Can't pickle <class '__main__.mk.<locals>.L'>: attribute lookup mk.<locals>.L on __main__ failed
import torch
import torch.nn as nn
import torch.nn.functional as F
import os, tempfile
D = tempfile.mkdtemp()
def mk():
    class L(nn.Module):
        pass
    return L()
torch.save(mk(), os.path.join(D, "loc.pt"))
