# badinput: a forward hook that raises
# expect-exit: 1
# expect-stderr: RuntimeError: hook says no
import torch
m = torch.nn.Linear(2, 2)
def h(mod, inp, out):
    raise RuntimeError("hook says no")
m.register_forward_hook(h)
m(torch.ones(2))
