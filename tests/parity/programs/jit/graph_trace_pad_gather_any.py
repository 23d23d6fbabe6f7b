import torch
import torch.nn.functional as F
# What torch.jit.trace records for F.pad's non-constant modes (reflect, replicate, circular), for
# torch.take_along_dim, torch.broadcast_tensors, Tensor.any/all over a dim, F.pairwise_distance,
# F.adaptive_max_pool2d and eval-mode channel dropout: one aten operator each, whose traced module
# then runs on new inputs.


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


def pads(x):
    a = F.pad(x, (1, 2), mode="reflect")
    b = F.pad(x, (2, 1), mode="replicate")
    c = F.pad(x, (1, 1), mode="circular")
    return a.sum() + b.sum() + c.sum()


def pads2d(x):
    return F.pad(x, (1, 0, 1, 1), mode="reflect") * 2, F.pad(x, (0, 1, 1, 0), mode="replicate")


def gathers(x, i):
    a = torch.take_along_dim(x, i, 1)
    b, c = torch.broadcast_tensors(x, x[:1])
    d = (x > 0.5).any(1, keepdim=True) & (x < 3).all(dim=1, keepdim=True)
    return a, b + c, d


def more(x):
    a = F.pairwise_distance(x, x.flip(0), p=3.0)
    b = F.adaptive_max_pool2d(x.reshape(1, 2, 4), (1, 2))
    c = F.dropout2d(x.reshape(1, 2, 2, 2), 0.3, training=False)
    return a, b, c


x = torch.linspace(0.0, 3.0, 8).reshape(2, 4)
for f, args in [(pads, (x.reshape(1, 2, 4),)), (pads2d, (x.reshape(1, 2, 4),)),
                (gathers, (x, torch.tensor([[3, 0], [1, 1]]))), (more, (x,))]:
    tf = torch.jit.trace(f, args)
    show(tf.graph)
    new = tuple(a.flip(-1) if a.is_floating_point() else a for a in args)
    out, ref = tf(*new), f(*new)
    if isinstance(out, tuple):
        print([torch.equal(o, r) for o, r in zip(out, ref)])
    else:
        print(torch.equal(out, ref), round(out.item(), 4))
