import os, torch
import torch.nn as nn
# The stochastic-depth residual block of model zoos (weiaicunzai/pytorch-cifar100's
# models/stochasticdepth.py): a torch.jit.ScriptModule whose @script_method forward branches on
# self.training and on a plain Python method (compiled on demand) drawing a Bernoulli survival, and
# calls nn.Sequential children (an empty one as the identity shortcut). Survival probabilities 1 and
# 0 keep the draws deterministic. (The zoo's `.float()` / `.to(var.device)` calls are left out: Kiln's
# script compiler does not compile those Tensor methods yet.)

class Block(torch.jit.ScriptModule):
    expansion = 1

    def __init__(self, p, in_channels, out_channels, stride=1):
        super().__init__()
        self.p = p
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
        var = torch.bernoulli(torch.tensor(self.p))
        return torch.equal(var, torch.tensor(1.0))

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

torch.manual_seed(0)
keep = Block(1.0, 2, 2)
drop = Block(0.0, 2, 4, stride=2)
print(keep)
x = torch.randn(1, 2, 4, 4)
y = keep(x)
print(tuple(y.shape), round(y.sum().item(), 4))
z = drop(x)
print(tuple(z.shape), round(z.pow(2).sum().item(), 4))
keep.eval()
drop.eval()
print(round(keep(x).sum().item(), 4), round(drop(x).sum().item(), 4))
print(str(keep.graph).replace(os.path.dirname(os.path.abspath(__file__)) + os.sep, ""))  # paths relative to here

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.b1 = Block(1.0, 2, 2)
        self.b2 = Block(0.5, 2, 3, stride=2)
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        x = self.b2(self.b1(x))
        return self.fc(x.mean(dim=(2, 3)))

torch.manual_seed(1)
net = Net().eval()
out = net(x)
print(out.detach().round(decimals=4).tolist())
loss = out.sum()
loss.backward()
print(net.fc.weight.grad.round(decimals=4).tolist())
print(sum(p.numel() for p in net.parameters()), len(list(net.modules())))
