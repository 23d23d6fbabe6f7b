# badinput: jit trace inplace input then call bad shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[2, 2]' is invalid for input of size 5
import torch
def f(x):
    return x.view(2, 2)
t = torch.jit.trace(f, torch.ones(4))
t(torch.ones(5))
