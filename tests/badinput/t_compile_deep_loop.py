# badinput: t compile deep loop (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([100000.])
import torch
@torch.compile
def f(x):
    for i in range(100000):
        x = x + 1
    return x
print(f(torch.zeros(1)))
