# badinput: a compiled matmul of mismatched shapes (fake-tensor error)
# expect-exit: 1
# expect-stderr-has: a and b must have same reduction dim, but got [2, 3] X [2, 3].
import torch
@torch.compile
def f(x):
    return x @ x
f(torch.ones(2, 3))
