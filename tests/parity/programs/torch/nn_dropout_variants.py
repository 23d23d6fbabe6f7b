# Channel-wise dropout (Dropout1d/2d/3d: one Bernoulli draw per (batch, channel), PyTorch's mask
# shape and RNG order) and SELU's AlphaDropout/FeatureAlphaDropout: masks, scaling, gradients,
# eval mode, reprs, warnings and errors.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.ones(2, 4, 3, 3)
y = F.dropout2d(x, p=0.5)
print(y[:, :, 0, 0])
print(bool(((y == 0) | (y == 2)).all()), bool((y == y[:, :, :1, :1]).all()))
# the stream moved by one draw per (batch, channel)
print(torch.rand(2))

torch.manual_seed(1)
print(F.dropout1d(torch.ones(3, 5, 4), 0.25)[:, :, 0])
print(F.dropout1d(torch.ones(5, 4), 0.25)[:, 0])
print(F.dropout3d(torch.ones(2, 3, 2, 2, 2), 0.5)[:, :, 0, 0, 0])
print(F.dropout3d(torch.ones(3, 2, 2, 2), 0.5)[:, 0, 0, 0])
print(F.dropout2d(x, 0.3, training=False) is x, F.dropout2d(x, 0.0).equal(x), F.dropout2d(x, 1.0).abs().sum().item())

torch.manual_seed(2)
a = torch.arange(1.0, 13.0).reshape(1, 3, 4).requires_grad_()
out = F.dropout1d(a, 0.5)
print(out, type(out.grad_fn).__name__)
out.sum().backward()
print(a.grad)

# the layers
torch.manual_seed(3)
for layer in [nn.Dropout1d(), nn.Dropout2d(0.2), nn.Dropout3d(p=0.7, inplace=True), nn.AlphaDropout(0.1),
              nn.FeatureAlphaDropout(0.4)]:
    print(layer, layer.p, layer.inplace, layer.training)
d2 = nn.Dropout2d(0.5)
feat = torch.randn(2, 3, 2, 2)
print(d2(feat))
d2.eval()
print(torch.equal(d2(feat), feat))
ip = torch.ones(1, 4, 2, 2)
nn.Dropout2d(0.5, inplace=True)(ip)
print(ip[0, :, 0, 0])

# AlphaDropout: SELU-preserving affine transform of the dropped units
torch.manual_seed(4)
z = torch.randn(4, 5)
ad = nn.AlphaDropout(0.2)
print(ad(z))
print(F.alpha_dropout(z, 0.2) is z, F.alpha_dropout(z, 0.2, training=True).shape)
torch.manual_seed(4)
big = F.alpha_dropout(torch.randn(20000), 0.3, training=True)
print(f"{big.mean().item():.2f} {big.std().item():.2f}")
fa = nn.FeatureAlphaDropout(0.5)
print(fa(torch.ones(2, 3, 2)))
zr = torch.randn(3, 4, requires_grad=True)
o = F.alpha_dropout(zr, 0.5, training=True)
print(type(o.grad_fn).__name__)
o.sum().backward()
print(zr.grad)

# SELU networks (self-normalizing) with AlphaDropout
torch.manual_seed(5)
net = nn.Sequential(nn.Linear(6, 8), nn.SELU(), nn.AlphaDropout(0.1), nn.Linear(8, 2))
print(net)
print(net(torch.randn(3, 6)))

# warnings and errors
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.dropout2d(torch.ones(2, 3, 4), 0.5)
    F.dropout2d(torch.ones(2, 3), 0.5)
    F.dropout3d(torch.ones(2, 3), 0.5)
    for item in w:
        print(item.category.__name__, str(item.message)[:70])
for case in [lambda: F.dropout1d(torch.ones(2, 3, 4, 5)),
             lambda: F.dropout2d(x, 1.5),
             lambda: nn.Dropout2d(-0.1),
             lambda: nn.AlphaDropout(2),
             lambda: F.feature_alpha_dropout(torch.ones(3), 0.5, True)]:
    try:
        case()
    except Exception as e:
        print(type(e).__name__, e)
