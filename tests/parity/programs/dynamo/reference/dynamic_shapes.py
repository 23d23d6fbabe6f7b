import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def f(x):
    return x * 2 + x.shape[0]

cf = torch.compile(f, backend=capture)
for rows in [4, 5, 6, 1, 0]:
    print(cf(torch.ones(rows, 3)).shape)
torch._dynamo.reset()

def g(x, y):
    if x.shape[0] > 4:
        return x.sum() + y.sum()
    return x.sum() - y.sum()

cg = torch.compile(g, backend=capture, dynamic=True)
print(cg(torch.ones(3), torch.ones(3)))
print(cg(torch.ones(6), torch.ones(6)))
print(cg(torch.ones(6), torch.ones(7)))
torch._dynamo.reset()
x = torch.ones(8, 2)
torch._dynamo.mark_dynamic(x, 0)
print(torch.compile(f, backend=capture)(x).shape)
