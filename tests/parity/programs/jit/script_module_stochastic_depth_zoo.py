# The stochastic-depth block exactly as weiaicunzai/pytorch-cifar100's models/stochasticdepth.py
# writes it (script_module_stochastic_depth.py leaves out its casts): the survival probability a
# tensor attribute (torch.tensor(p).float()), survival() comparing with
# torch.tensor(1).float().to(var.device) (TorchScript's Tensor cast methods are aten::to with the
# dtype; x.to(device) is aten::to.prim_Device), and the scripted nn.Sequential children indexed from
# Python (Sequential.__getitem__ is copied to the scripted module: the original child comes back).
# Survival probabilities 1.0 and 0.0 exercise both branches with no randomness.
import warnings

import torch
import torch.nn as nn


class Block(torch.jit.ScriptModule):
    expansion = 1

    def __init__(self, p, in_channels, out_channels, stride=1):
        super().__init__()
        self.p = torch.tensor(p).float()
        self.residual = nn.Sequential(
            nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=stride, padding=1),
            nn.BatchNorm2d(out_channels),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_channels, out_channels * Block.expansion, kernel_size=3, padding=1),
            nn.BatchNorm2d(out_channels),
        )
        self.shortcut = nn.Sequential()
        if stride != 1 or in_channels != out_channels * Block.expansion:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_channels, out_channels * Block.expansion, kernel_size=1, stride=stride),
                nn.BatchNorm2d(out_channels),
            )

    def survival(self):
        var = torch.bernoulli(self.p)
        return torch.equal(var, torch.tensor(1).float().to(var.device))

    @torch.jit.script_method
    def forward(self, x):
        if self.training:
            if self.survival():
                x = self.residual(x) + self.shortcut(x)
            else:
                x = self.shortcut(x)
        else:
            x = self.residual(x) * self.p + self.shortcut(x)
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        # survival probabilities 1.0 and 0.0: both branches of forward, with no randomness
        self.blocks = nn.Sequential(Block(1.0, 3, 4), Block(0.0, 4, 4), Block(1.0, 4, 6, 2))
        self.fc = nn.Linear(6, 2)

    def forward(self, x):
        out = self.blocks(x)
        return self.fc(out.mean((2, 3)))


torch.manual_seed(0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    net = Net()
print(sorted({w.category.__name__ + ": " + str(w.message) for w in caught}), len(caught))
b = net.blocks[0]
print(type(b).__name__, isinstance(b, torch.jit.ScriptModule), sorted(Block._methods))
x = torch.randn(2, 3, 6, 6)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss = net(x).pow(2).mean()
loss.backward()
print(round(loss.item(), 4), [p.grad is None for p in net.blocks[1].residual[0].parameters()],
      round(net.blocks[0].residual[0].weight.grad.abs().sum().item(), 4))
opt.step()
net.eval()
with torch.no_grad():
    y = net(x)
print(y.shape, round(y.sum().item(), 4))
print(b.residual[1].running_mean.shape, int(b.residual[1].num_batches_tracked))
