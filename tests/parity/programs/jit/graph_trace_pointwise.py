import torch
# The printed graph of traced pointwise code: wrapped Python numbers, alpha defaults, in-place ops.


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def f(x, y):
    a = x * 2 + y
    b = a - 0.5
    c = torch.relu(b) / 3
    d = c.sigmoid().tanh()
    e = -d + x.exp()
    return e * e


x = torch.tensor([1.0, -2.0, 3.0])
y = torch.tensor([0.5, 0.5, 0.5])
tf = torch.jit.trace(f, (x, y))
show(tf.graph)
print(tf(x, y))
