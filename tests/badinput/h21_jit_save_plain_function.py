# badinput: torch.jit.save of a plain Python function
# expect-exit: 1
# expect-stderr: AttributeError: 'function' object has no attribute 'save'
import torch
import torch.nn as nn
import torch.nn.functional as F
def g(x):
    return x
torch.jit.save(g, 'h21_never_written.pt')
