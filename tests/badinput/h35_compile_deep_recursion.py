# badinput: a compiled function recursing 3000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
@torch.compile
def f(x, n):
    return f(x + 1, n - 1) if n else x
print(f(torch.ones(2), 3000))
