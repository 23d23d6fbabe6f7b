# badinput: t compile shape mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)
import torch
@torch.compile
def f(x):
    return x @ x
f(torch.ones(2, 3))
