import torch
# Reductions and their default arguments in traced graphs (dim lists, keepdim, dtype=None).


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def f(x):
    a = x.sum()
    b = x.sum(1)
    c = x.mean(dim=0, keepdim=True)
    d = torch.softmax(x, dim=-1)
    e = x.max(dim=1)
    return a + b.sum() + c.sum() + d.sum() + e[0].sum()


x = torch.tensor([[1.0, 2.0], [3.0, 5.0]])
tf = torch.jit.trace(f, (x,))
show(tf.graph)
print(tf(x))
