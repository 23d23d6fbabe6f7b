import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1

cf = torch.compile(f, backend=capture)
print(cf(torch.tensor([1., 2.])))
print(cf(torch.tensor([-1., -2.])))
print(cf(torch.tensor([3., 4.])))
show_explain((torch._dynamo.explain(f)(torch.tensor([1., 2.]))))
