import torch
import torch.nn.functional as F
# Linear algebra and functional ops in a traced graph; casting with .float() is aten::to.


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def f(x, w, b):
    h = F.linear(x, w, b)
    h = h @ w
    h = torch.cat([h, x], dim=1)
    idx = (h > 0).float()
    return F.log_softmax(h * idx, dim=1), h.transpose(0, 1)


x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
w = torch.tensor([[1.0, 0.0], [0.5, 0.5]])
b = torch.tensor([0.25, -0.25])
tf = torch.jit.trace(f, (x, w, b))
show(tf.graph)
out = tf(x, w, b)
print(out[0])
print(out[1])
