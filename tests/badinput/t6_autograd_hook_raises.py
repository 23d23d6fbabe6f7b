# badinput: autograd hook raises (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: KeyError: 'hook'
import torch
x = torch.ones(3, requires_grad=True)
def h(g):
    raise KeyError('hook')
x.register_hook(h)
(x * 2).sum().backward()
