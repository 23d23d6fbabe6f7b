import torch
# Tracing a function of two tensors: example_inputs is a tuple; a single tensor may be passed bare.

def kinds(g):
    out = []
    for n in g.nodes():
        k = n.kind()
        if k not in out:
            out.append(k)
    return sorted(out)

def f(x, y):
    return x * y + y

def g(x):
    return x - 1

x = torch.tensor([1., 2.])
y = torch.tensor([3., 0.5])
tf = torch.jit.trace(f, (x, y))
print(kinds(tf.graph))
print(tf(x, y), f(x, y))
print(tf(torch.tensor([[1.], [2.]]), torch.tensor([4., 8.])))
tg1 = torch.jit.trace(g, x)
tg2 = torch.jit.trace(g, (x,))
print(tg1(y), tg2(y))
try:
    tf(x)
except Exception as e:
    print(type(e).__name__)
try:
    torch.jit.trace(f, x)
except Exception as e:
    print(type(e).__name__, "argument" in str(e))
