import torch
# Sizes read during tracing are recorded (aten::size, prim::NumToTensor, aten::Int), so view and
# reshape follow the input's shape; literal sizes are constants.


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def f(x):
    n = x.size(0)
    y = x.view(n, -1)
    z = y.reshape(2, -1)
    return z.t()


def g(x):
    b, c = x.shape
    return x.reshape(c, b).sum(0)


x = torch.arange(12.0).reshape(4, 3)
tf = torch.jit.trace(f, (x,))
show(tf.graph)
print(tf(torch.arange(8.0).reshape(2, 4)))
tg = torch.jit.trace(g, (x,))
show(tg.graph)
print(tg(torch.arange(6.0).reshape(2, 3)))
