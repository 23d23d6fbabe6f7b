import torch
import warnings
# In-place ops are recorded as in-place nodes (aten::add_, aten::relu_); mutation of inputs.

def kinds(g):
    out = []
    for n in g.nodes():
        k = n.kind()
        if k not in out:
            out.append(k)
    return sorted(out)

def f(x):
    y = x.clone()
    y.add_(1)
    y.relu_()
    return y

def g(x):
    x.mul_(2)
    return x

x = torch.tensor([-3., 0., 2.])
tf = torch.jit.trace(f, x)
print(kinds(tf.graph))
print(tf(x), x)
print(tf(torch.tensor([-0.5, 4.])))
a = torch.tensor([1., 2.])
tg = torch.jit.trace(g, a, check_trace=False)
print("after trace:", a)
print(kinds(tg.graph))
b = torch.tensor([3., 4.])
r = tg(b)
print(r, b)
print("same object:", r is b)
