import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def f(x, n):
    return x * n + 1

cf = torch.compile(f, backend=capture)
print(cf(torch.ones(3), 2))
print(cf(torch.ones(3), 2))
print(cf(torch.ones(4), 2))
print(cf(torch.ones(5), 2))
print(cf(torch.ones(5, dtype=torch.float64), 2))
print(cf(torch.ones(5), 3))
print(cf(torch.ones(5), 4))
with torch.no_grad():
    print(cf(torch.ones(5), 4))
print(cf(torch.ones(5, requires_grad=True), 4))
