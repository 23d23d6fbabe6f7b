# badinput: a compiled function called with growing shapes
# expect-exit: 0
# expect-stdout: tensor([5., 5.])
import torch
@torch.compile
def f(x):
    return x.sum(0)
for n in range(1, 6):
    r = f(torch.ones(n, 2))
print(r)
