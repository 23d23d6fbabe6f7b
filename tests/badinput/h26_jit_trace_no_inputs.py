# badinput: torch.jit.trace(f) without example inputs: PyTorch iterates the None
# expect-exit: 1
# expect-stderr: TypeError: 'NoneType' object is not iterable
import torch
def f(x):
    return x
torch.jit.trace(f)
