# badinput: a full backward hook that raises
# expect-exit: 1
# expect-stderr: KeyError: 'bw'
import torch
m = torch.nn.Linear(2, 2)
def h(mod, gi, go):
    raise KeyError("bw")
m.register_full_backward_hook(h)
m(torch.ones(2, requires_grad=True)).sum().backward()
