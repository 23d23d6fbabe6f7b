# badinput: a compiled function with an endless loop stops at the budget
# kiln-args: --max-instructions 100000
# expect-exit: 1
# expect-stderr: KilnLimitError
import torch
@torch.compile
def f(x):
    while True:
        x = x + 1
    return x
f(torch.ones(2))
