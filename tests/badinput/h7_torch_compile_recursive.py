# badinput: a compiled function that recurses on a Python int
# expect-exit: 0
# expect-stdout: tensor([5.])
import torch
@torch.compile
def f(x, n):
    if n == 0:
        return x
    return f(x + 1, n - 1)
print(f(torch.zeros(1), 5))
