import torch
import torch.nn as nn
import torch.nn.functional as F
# What torch.jit.trace records for a convolution: conv1d/conv2d/conv3d record nothing themselves
# (their tracer kernels are skipped), so the graph shows the aten::_convolution call ATen's
# convolution makes, with every argument spelled out: stride, padding and dilation as one entry
# per spatial dim, transposed, output_padding, groups and the benchmark/deterministic/cudnn/tf32
# flags. An unbatched input is unsqueezed before and squeezed after; padding_mode other than
# zeros pads first. Its output is typed as computed below autograd (requires_grad=0).


def show(g):
    for line in str(g).split("\n"):
        i = line.find(" # ")
        print(line if i < 0 else line[:i])


class Convs(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(2, 4, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(4, 4, (3, 1), padding=(1, 0), dilation=(2, 1), groups=2, bias=False)
        self.c3 = nn.Conv2d(4, 2, 3, padding=1, padding_mode="reflect")

    def forward(self, x):
        y = self.c1(x).unsqueeze(-1) * torch.ones(3)
        return self.c3(torch.relu(self.c2(y)))


torch.manual_seed(0)
m = Convs()
x = torch.randn(1, 2, 8)
tm = torch.jit.trace(m, x)
show(tm.c1.graph)
show(tm.c2.graph)
show(tm.c3.graph)
print(torch.allclose(tm(x), m(x)), tuple(tm(x).shape))


def functional(x, w, b):
    side = F.conv1d(x[0, :, 0], w[:, :, 0], None, padding=1)[:, :2]
    return F.conv2d(x, w, b, stride=2) + side.unsqueeze(0).unsqueeze(-1)


w = torch.randn(3, 2, 3, 3)
b = torch.randn(3)
xs = torch.randn(1, 2, 5, 5)
tf = torch.jit.trace(functional, (xs, w, b))
show(tf.graph)
print(torch.allclose(tf(xs, w, b), functional(xs, w, b)))

conv = nn.Conv1d(2, 3, 2)
unbatched = torch.jit.trace(conv, torch.randn(2, 5))
show(unbatched.graph)
print(tuple(unbatched(torch.randn(2, 7)).shape))

vol = nn.Conv3d(1, 2, 2)
tv = torch.jit.trace(vol, torch.randn(1, 1, 3, 3, 3))
show(tv.graph)
