import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def helper(x):
    y = x - 1
    print("helper", y)
    return y * 5

def f(x):
    a = x * 2
    b = helper(a)
    return b + 3

def g(x):
    total = x * 0
    for i in range(3):
        total = total + x * i
        print("i =", i)
    return total + 1

print(torch.compile(f, backend=capture)(torch.tensor([1., 2.])))
print(torch.compile(g, backend=capture)(torch.tensor([1., 2.])))
show_explain((torch._dynamo.explain(g)(torch.tensor([1., 2.]))))
