# Convolutions of channels-last tensors, as PyTorch lays out their results: ATen's
# _determine_backend_memory_format gives the result (and the input and weight gradients) the
# channels-last layout when the input or the weight suggests it (x.to(memory_format=...) or
# model.to(memory_format=...), the performance guide's advice), float64 included on the CPU's 2-d
# path but not in 3-d; values equal the row-major computation's. Strides are printed because a
# lesson on memory formats shows them.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
cl = torch.channels_last


def describe(name, t):
    print(name, tuple(t.shape), t.stride(), t.is_contiguous(), t.is_contiguous(memory_format=cl))


x = torch.randn(2, 3, 7, 6)
w = torch.randn(4, 3, 3, 3)
b = torch.randn(4)
ref = F.conv2d(x, w, b, padding=1)
describe("row-major", ref)
y = F.conv2d(x.to(memory_format=cl), w, b, padding=1)
describe("cl input", y)
print(torch.allclose(y, ref, atol=1e-5))
y = F.conv2d(x, w.to(memory_format=cl), b, stride=2)
describe("cl weight", y)
y = F.conv2d(x.double().to(memory_format=cl), w.double(), b.double(), padding=1)
describe("cl float64", y)
print(torch.allclose(y, ref.double(), atol=1e-5))

# 1x1 and grouped convolutions
g = F.conv2d(x.to(memory_format=cl), torch.randn(6, 1, 3, 3), groups=3)
describe("grouped", g)
p = F.conv2d(x.to(memory_format=cl), torch.randn(5, 3, 1, 1))
describe("pointwise", p)

# 3-d: channels_last_3d for float32, row-major for float64
v = torch.randn(1, 2, 4, 5, 6)
wv = torch.randn(3, 2, 2, 2, 2)
describe("cl3d", F.conv3d(v.to(memory_format=torch.channels_last_3d), wv))
describe("cl3d float64", F.conv3d(v.double().to(memory_format=torch.channels_last_3d), wv.double()))

# gradients follow the format: the input's (a channels-last leaf) and the weight's
xl = x.to(memory_format=cl).requires_grad_()
wl = w.clone().requires_grad_()
out = F.conv2d(xl, wl, b, padding=1)
(out * torch.arange(out.numel()).reshape(out.shape).float().div(100)).sum().backward()
describe("x.grad", xl.grad)
describe("w.grad", wl.grad)
x2 = x.clone().requires_grad_()
w2 = w.clone().requires_grad_()
out2 = F.conv2d(x2, w2, b, padding=1)
(out2 * torch.arange(out2.numel()).reshape(out2.shape).float().div(100)).sum().backward()
print(torch.allclose(xl.grad, x2.grad, atol=1e-4), torch.allclose(wl.grad, w2.grad, atol=1e-4))


# a model converted to channels_last trains to the same numbers
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 4, 3, stride=2)
        self.fc = nn.Linear(4 * 3 * 3, 5)

    def forward(self, x):
        h = self.bn(self.c1(x))
        if not self.training or len(seen) < 2:
            seen.append(h.stride())
        h = F.relu(h)
        h = F.relu(self.c2(h))
        return self.fc(torch.flatten(h, 1))


losses = []
seen = []
for fmt in (torch.contiguous_format, cl):
    torch.manual_seed(1)
    net = Net().to(memory_format=fmt)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = torch.randn(4, 3, 8, 8).to(memory_format=fmt)
    target = torch.tensor([0, 1, 2, 3])
    run = []
    for _ in range(3):
        opt.zero_grad()
        loss = F.cross_entropy(net(data), target)
        loss.backward()
        opt.step()
        run.append(round(loss.item(), 4))
    describe("c1.weight", net.c1.weight)
    describe("c1.weight.grad", net.c1.weight.grad)
    losses.append(run)
print(losses[0])
print("batch norm output strides", seen)
print(losses[0] == losses[1] or all(abs(a - b) < 1e-4 for a, b in zip(*losses)))
