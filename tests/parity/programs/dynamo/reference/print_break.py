import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def f(x):
    a = x * 2
    print("a is", a)
    b = a + 1
    return b

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2.])
print(cf(x))
print(cf(x))
show_explain((torch._dynamo.explain(f)(x)))
