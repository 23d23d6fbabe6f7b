# badinput: a forward pre-hook that raises
# expect-exit: 1
# expect-stderr: ValueError: pre-hook refused
import torch
m = torch.nn.Linear(2, 2)
def hook(mod, inp):
    raise ValueError("pre-hook refused")
m.register_forward_pre_hook(hook)
m(torch.ones(1, 2))
