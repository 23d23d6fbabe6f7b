# badinput: a forward hook that removes its own handle while running
# expect-exit: 0
# expect-stdout: 1
import torch
m = torch.nn.Linear(2, 2)
calls = []
def hook(mod, inp, out):
    calls.append(1)
    h.remove()
h = m.register_forward_hook(hook)
m(torch.ones(1, 2))
m(torch.ones(1, 2))
print(len(calls))
