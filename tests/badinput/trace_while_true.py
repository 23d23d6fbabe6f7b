# badinput: a traced function whose Python loop never ends stops at the budget
# kiln-args: --max-instructions 100000
# expect-exit: 1
# expect-stderr: KilnLimitError
import torch
def g(x):
    while True:
        x = x * 1
    return x
torch.jit.trace(g, torch.ones(1))
