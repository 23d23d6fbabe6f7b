# badinput: a scripted function that calls itself
# expect-exit: 1
# expect-stderr: <--- HERE
import torch
@torch.jit.script
def f(x):
    return f(x)
f(torch.ones(1))
