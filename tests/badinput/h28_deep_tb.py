# badinput: an error three calls deep
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[7]' is invalid for input of size 12
import torch
def a(x):
    return b(x) + 1
def b(x):
    return c(x) * 2
def c(x):
    return x.view(7)
a(torch.randn(3, 4))
