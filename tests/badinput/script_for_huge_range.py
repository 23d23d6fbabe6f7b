# badinput: a scripted loop over range(10**12) stops at the budget
# kiln-args: --max-instructions 100000
# expect-exit: 1
# expect-stderr: KilnLimitError
import torch
@torch.jit.script
def f(x):
    for i in range(1000000000000):
        x = x + 1
    return x
f(torch.ones(1))
