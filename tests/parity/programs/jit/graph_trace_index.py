import torch
# Indexing while tracing: select, slice (with PyTorch's full-range defaults), None and ...


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def f(x):
    a = x[0]
    b = x[:, 1:]
    c = x[1, ::2]
    d = x[None, ..., 0]
    return a.sum() + b.sum() + c.sum() + d.sum()


x = torch.arange(12.0).reshape(3, 4)
tf = torch.jit.trace(f, (x,))
show(tf.graph)
print(tf(x))
