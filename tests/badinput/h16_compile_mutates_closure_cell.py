# badinput: a compiled function that changes a closure cell each call
# expect-exit: 0
# expect-stdout: [1.0, 2.0, 3.0]
import torch
def make():
    n = 0
    def f(x):
        nonlocal n
        n += 1
        return x * n
    return f
f = torch.compile(make(), backend="eager")
print([f(torch.ones(1)).item() for _ in range(3)])
