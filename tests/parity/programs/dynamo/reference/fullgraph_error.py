import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def f(x):
    a = x + 1
    print("never printed")
    return a * 2

def g(x):
    if x.sum() > 0:
        return x
    return -x

def h(x):
    return x * x.sum().item()

for fn in [f, g, h]:
    torch._dynamo.reset()
    try:
        print(torch.compile(fn, backend=capture, fullgraph=True)(torch.tensor([1., 2.])))
    except Exception as e:
        print("==== exception", type(e).__module__, type(e).__name__)
        print(str(e))
