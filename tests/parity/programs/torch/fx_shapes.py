import torch
import torch.nn as nn
import torch.fx

# Shapes in traced code: x.shape / x.size() are nodes (getattr, call_method), unpacking them records
# getitem nodes, and they flow into view/reshape/expand calls; the graph works for other sizes.


class Flat(nn.Module):
    def forward(self, x):
        b, c, n = x.shape
        y = x.view(b, -1)
        rows = x.size(0)
        first, second = y.split(c, dim=1)[:2]
        return y.reshape(rows, c, n).transpose(1, 2) * 2, first + second, x.dim()


gm = torch.fx.symbolic_trace(Flat())
print(gm.code)
for shape in [(2, 2, 2), (3, 2, 4)]:
    x = torch.arange(float(shape[0] * shape[1] * shape[2])).reshape(shape)
    out = gm(x)
    ref = Flat()(x)
    print(out[0].shape, torch.equal(out[0], ref[0]), torch.equal(out[1], ref[1]), out[2])


def loop(x):
    total = x
    for row in x:
        total = total + row
    return total


try:
    torch.fx.symbolic_trace(loop)
except Exception as e:
    print(type(e).__name__, str(e)[:45])
