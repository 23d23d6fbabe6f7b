import torch
from torch._dynamo.testing import CompileCounter
# A compiled function with a graph break inside a grad-mode block, called under an outer mode:
# entering or leaving a block whose mode is already current records nothing (PyTorch coalesces
# grad mode changes), the guards on the global grad mode recompile for the other outer mode, and
# the resume function's cache entries are kept per mode.


def f(x):
    with torch.enable_grad():
        y = x * x
        torch._dynamo.graph_break()
        z = y.sum()
    return z + 1


def g(x, flag):
    with torch.set_grad_enabled(flag):
        y = x * 2
        print("flag", flag)
        y = y + 1
    return y


cnt = CompileCounter()
cf = torch.compile(f, backend=cnt)
x = torch.ones(2, requires_grad=True)
r1 = cf(x)
print(r1, r1.requires_grad, cnt.frame_count, cnt.op_count)
with torch.no_grad():
    r2 = cf(x)
print(r2, r2.requires_grad, cnt.frame_count, cnt.op_count)
r3 = cf(x)
print(r3, r3.requires_grad, cnt.frame_count, cnt.op_count)
r1.backward()
print(x.grad)

cnt2 = CompileCounter()
cg = torch.compile(g, backend=cnt2)
for flag in (True, False, True):
    out = cg(x, flag)
    print(out, out.requires_grad, cnt2.frame_count, cnt2.op_count, torch.is_grad_enabled())
torch._dynamo.reset()
ex = torch._dynamo.explain(g)(x, False)
print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
for gm in ex.graphs:
    print(gm.code.strip())
