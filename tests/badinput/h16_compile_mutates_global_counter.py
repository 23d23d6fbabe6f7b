# badinput: a compiled function that increments a global counter each call
# expect-exit: 0
# expect-stdout: 1.0 2.0 2
import torch
counter = 0
@torch.compile(backend="eager")
def f(x):
    global counter
    counter += 1
    return x + counter
a = f(torch.zeros(1))
b = f(torch.zeros(1))
print(a.item(), b.item(), counter)
