# Subclasses of built-in layers as real model code writes them (weight-standardized convolutions,
# norms that upcast, linears with extra fields): forward overrides calling F.* with the layer's own
# hyperparameters, _conv_forward, _check_input_dim, extra_repr overrides (printed also as a child),
# and nn.Module's path lookups (get_parameter, get_buffer, set_submodule) and tensor transforms.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class StdConv2d(nn.Conv2d):
    def forward(self, x):
        w = self.weight
        v, m = torch.var_mean(w, dim=[1, 2, 3], keepdim=True, unbiased=False)
        w = (w - m) / torch.sqrt(v + 1e-10)
        return F.conv2d(x, w, self.bias, self.stride, self.padding, self.dilation, self.groups)


class ScaledConv(nn.Conv2d):
    def forward(self, x):
        return self._conv_forward(x, self.weight * 0.5, self.bias)


class ScaledLinear(nn.Linear):
    def __init__(self, *args, scale=2.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.scale = scale

    def forward(self, x):
        return F.linear(x, self.weight * self.scale, self.bias)

    def extra_repr(self):
        return super().extra_repr() + f", scale={self.scale}"


class CheckedBN(nn.BatchNorm2d):
    def forward(self, x):
        self._check_input_dim(x)
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, self.training,
                            self.momentum, self.eps)


class FP32LayerNorm(nn.LayerNorm):
    def forward(self, x):
        return F.layer_norm(x.float(), self.normalized_shape, self.weight, self.bias, self.eps).type(x.dtype)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = StdConv2d(3, 4, 3, padding=1, bias=False)
        self.scaled = ScaledConv(4, 4, 1)
        self.bn = CheckedBN(4)
        self.fc = ScaledLinear(4, 2, scale=0.5)
        self.ln = FP32LayerNorm(2)

    def forward(self, x):
        x = self.bn(self.scaled(self.conv(x)))
        return self.ln(self.fc(x.mean(dim=(2, 3))))


net = Net()
print(net)
x = torch.randn(2, 3, 6, 6)
y = net(x)
print(y.shape, y.dtype, y.round(decimals=4))
(y * torch.tensor([1.0, 2.0])).sum().backward()
print(net.conv.weight.grad.shape, round(net.fc.weight.grad.abs().sum().item(), 4))
try:
    net.bn(torch.randn(2, 4))
except ValueError as e:
    print("ValueError:", e)

print(net.get_parameter("fc.weight").shape, net.get_buffer("bn.running_var").round(decimals=4))
for bad in ["bn.weight", "fc.missing"]:
    try:
        net.get_buffer(bad)
    except AttributeError as e:
        print("AttributeError:", e)
net.set_submodule("fc", nn.Linear(4, 2))
print(net.fc)
try:
    net.set_submodule("", nn.ReLU())
except ValueError as e:
    print("ValueError:", e)
net.double()
print(net.fc.weight.dtype, net.bn.running_mean.dtype)
net.type(torch.float32)
print(net.fc.weight.dtype, net.bn.running_mean.dtype, net.share_memory() is net)
compiled = torch.compile(net, backend="eager")
net.eval()
print(torch.allclose(compiled(x), net(x)))
