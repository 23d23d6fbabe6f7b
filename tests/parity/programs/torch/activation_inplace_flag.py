# inplace=True writes into the input for every activation that takes the flag, as PyTorch runs
# leaky_relu_ / elu_ / hardtanh_ / threshold_ ...: the tensor passed in changes (a residual branch that
# still holds it sees the new values), the call hands the same tensor back, x's history moves onto the
# result (backward goes through the activation), and a leaf that requires grad is refused.
import torch
import torch.nn as nn
import torch.nn.functional as F

a = torch.tensor([-2.0, -0.25, 0.0, 0.5, 3.0, 7.0])
calls = [
    ("F.leaky_relu", lambda t: F.leaky_relu(t, 0.1, inplace=True)),
    ("F.leaky_relu_", lambda t: F.leaky_relu_(t, 0.2)),
    ("F.relu6", lambda t: F.relu6(t, inplace=True)),
    ("F.hardtanh", lambda t: F.hardtanh(t, -0.5, 0.5, inplace=True)),
    ("F.hardtanh_", lambda t: F.hardtanh_(t)),
    ("F.elu", lambda t: F.elu(t, 0.5, inplace=True)),
    ("F.elu_", lambda t: F.elu_(t)),
    ("F.selu", lambda t: F.selu(t, inplace=True)),
    ("F.selu_", lambda t: F.selu_(t)),
    ("F.silu", lambda t: F.silu(t, inplace=True)),
    ("F.mish", lambda t: F.mish(t, inplace=True)),
    ("F.hardswish", lambda t: F.hardswish(t, inplace=True)),
    ("F.hardsigmoid", lambda t: F.hardsigmoid(t, inplace=True)),
    ("F.threshold", lambda t: F.threshold(t, 0.4, -1.0, inplace=True)),
    ("F.threshold_", lambda t: F.threshold_(t, 1.0, 0.0)),
    ("nn.LeakyReLU", nn.LeakyReLU(0.3, inplace=True)),
    ("nn.ReLU6", nn.ReLU6(inplace=True)),
    ("nn.Hardtanh", nn.Hardtanh(inplace=True)),
    ("nn.ELU", nn.ELU(inplace=True)),
    ("nn.SELU", nn.SELU(inplace=True)),
    ("nn.SiLU", nn.SiLU(inplace=True)),
    ("nn.Mish", nn.Mish(inplace=True)),
    ("nn.Hardswish", nn.Hardswish(inplace=True)),
    ("nn.Hardsigmoid", nn.Hardsigmoid(inplace=True)),
    ("nn.Threshold", nn.Threshold(0.4, -1.0, inplace=True)),
]
for name, call in calls:
    t = a.clone()
    r = call(t)
    print(f"{name:15s} same={r is t} {t}")

# the result stays out of place without the flag
t = a.clone()
F.leaky_relu(t, 0.1)
print(torch.equal(t, a))

# autograd: in place on a non-leaf, then backward through the activation
x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
y = x * 2
out = F.leaky_relu(y, 0.1, inplace=True)
print(out is y, y.grad_fn is not None)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 3
F.elu(y, inplace=True)
(y * y).sum().backward()
print(x.grad)

# a leaf that requires grad is refused, as PyTorch does
for name, call in [("leaky_relu", lambda t: F.leaky_relu(t, inplace=True)), ("elu", lambda t: F.elu(t, inplace=True)),
                   ("hardtanh", lambda t: F.hardtanh(t, inplace=True))]:
    try:
        call(torch.ones(2, requires_grad=True))
    except RuntimeError as e:
        print(name, "RuntimeError:", e)

# residual block written with an in-place activation: the shortcut sees the activated values
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.LeakyReLU(0.5, inplace=True)

    def forward(self, x):
        h = x * 1.0
        identity = h
        self.act(h)
        return identity + h


print(Block()(torch.tensor([-4.0, 1.0])))
