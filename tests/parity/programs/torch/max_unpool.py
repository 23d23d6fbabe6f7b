# MaxPool1d/2d/3d(return_indices=True) and MaxUnpool1d/2d/3d (F.max_unpool*): a SegNet-style pooling
# autoencoder's down and up paths, default and explicit output sizes, gradients through both, the
# modules' reprs and the output_size check.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
pool = nn.MaxPool2d(2, stride=2, return_indices=True)
unpool = nn.MaxUnpool2d(2, stride=2)
print(pool, unpool)
x = torch.randn(2, 3, 5, 5, requires_grad=True)
out, idx = pool(x)
print(out.shape, idx.dtype, idx[0, 0].tolist())
y = unpool(out, idx, output_size=x.size())
print(y.shape, (y != 0).sum().item(), torch.equal(y.detach().flatten(2).gather(2, idx.flatten(2)), out.detach().flatten(2)))
(y * torch.arange(25.0).view(1, 1, 5, 5)).sum().backward()
print(x.grad[0, 0])
try:  # the default output (4x4) cannot hold the 5x5 input's indices
    unpool(out, idx)
except RuntimeError as e:
    print("RuntimeError:", e)


class SegNetBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(1, 4, 3, padding=1)
        self.pool = nn.MaxPool2d(2, 2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2, 2)
        self.dec = nn.Conv2d(4, 1, 3, padding=1)

    def forward(self, x):
        h = F.relu(self.enc(x))
        size = h.size()
        h, ind = self.pool(h)
        h = self.unpool(h, ind, output_size=size)
        return self.dec(h)


m = SegNetBlock()
inp = torch.randn(2, 1, 8, 8)
loss = F.mse_loss(m(inp), inp)
loss.backward()
print(round(loss.item(), 5), [round(v, 5) for v in m.enc.weight.grad.flatten()[:5].tolist()])

o1, i1 = F.max_pool1d(torch.arange(12.0).view(1, 2, 6) % 5, 2, return_indices=True)
print(o1.tolist(), i1.tolist(), F.max_unpool1d(o1, i1, 2).tolist())
p3 = nn.MaxPool3d(2, return_indices=True)
o3, i3 = p3(torch.randn(1, 1, 4, 4, 4))
print(o3.shape, nn.MaxUnpool3d(2)(o3, i3).shape, nn.MaxUnpool1d(3, stride=2))
try:
    unpool(out, idx, output_size=(9, 9))
except ValueError as e:
    print("ValueError:", e)
