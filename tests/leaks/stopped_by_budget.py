# badinput: a program stopped by the instruction budget deep in calls, with generators suspended and a graph alive
# kiln-args: --max-instructions 200000
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 200000 exhausted
import torch
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
def gen():
    while True:
        yield [0] * 10
def spin(n, g):
    if n:
        return spin(n - 1, g)
    while True:
        next(g)
spin(20, gen())
