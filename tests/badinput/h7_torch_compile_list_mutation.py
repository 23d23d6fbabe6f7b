# badinput: a compiled function appends to a global list on each call
# expect-exit: 0
# expect-stdout: tensor([1.]) tensor([2.]) 2
import torch
log = []
@torch.compile
def f(x):
    log.append(1)
    return x + len(log)
print(f(torch.zeros(1)), f(torch.zeros(1)), len(log))
