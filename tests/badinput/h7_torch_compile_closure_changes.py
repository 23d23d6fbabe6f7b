# badinput: a compiled function reads a global that changes between calls (guards must recompile)
# expect-exit: 0
# expect-stdout: tensor([3., 3.])
import torch
k = 2
@torch.compile
def f(x):
    return x * k
print(f(torch.ones(2)))
k = 3
print(f(torch.ones(2)))
