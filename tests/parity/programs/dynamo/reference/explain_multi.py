import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

def helper(t):
    print("in helper")
    return t - 1

def f(x):
    a = x + 1
    print("one")
    b = helper(a * 2)
    torch._dynamo.graph_break()
    c = b - 3
    if c.sum() > 0:
        return c.sum().item() * c
    return c * -10

e = torch._dynamo.explain(f)(torch.tensor([1., 2.]))
show_explain(e)
print("==== break reasons, full text")
for i, r in enumerate(e.break_reasons):
    print("---- reason", i + 1)
    print(r.reason)
    for fs in r.user_stack:
        print("   frame", fs.name, fs.lineno, fs.line)
print("==== ops_per_graph")
for ops in e.ops_per_graph:
    print([str(t) for t in ops])
