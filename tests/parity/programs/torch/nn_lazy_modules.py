# Lazy modules (nn.LazyLinear, LazyConv1d/2d, LazyConvTranspose2d, LazyBatchNorm1d/2d,
# LazyInstanceNorm2d) as d2l builds its models: placeholders before the first forward
# (UninitializedParameter / UninitializedBuffer, their reprs, the shape error), materialization with the
# concrete layer's initial draws, the class change, an optimizer made before the first forward,
# training steps, state_dict round trip into an uninitialized clone (the load pre-hook), and
# torch's NumPy-style keyword names (axis=, keepdims=) that d2l's code uses.
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
lin = nn.LazyLinear(3)
print(lin)
print(type(lin).__name__, type(lin.weight).__name__, lin.weight, lin.in_features)
print(isinstance(lin.weight, nn.Parameter), isinstance(lin.weight, nn.UninitializedParameter))
print(lin.has_uninitialized_params(), [type(p).__name__ for p in lin.parameters()])
try:
    lin.weight.shape
except RuntimeError as e:
    print('RuntimeError:', str(e)[:60])
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
x = torch.randn(4, 5)
y = lin(x)
print(lin, type(lin).__name__, type(lin.weight).__name__, lin.weight.shape, lin.bias.shape)
print(y.shape, torch.allclose(y, x @ lin.weight.T + lin.bias))
print(lin.weight.detach().round(decimals=4))
y.pow(2).sum().backward()
opt.step()
print(lin.weight.detach().round(decimals=4)[0])
print(len(lin._forward_pre_hooks), hasattr(lin, '_initialize_hook'))

torch.manual_seed(1)
ref = nn.Linear(5, 3)
torch.manual_seed(1)
lz = nn.LazyLinear(3)
lz(torch.zeros(1, 5))
print('same init as Linear:', torch.equal(ref.weight, lz.weight), torch.equal(ref.bias, lz.bias))

nb = nn.LazyLinear(2, bias=False)
print(nb, nb.bias)
nb(torch.ones(2, 6))
print(nb, nb.bias)


def init_cnn(module):
    if type(module) == nn.Linear or type(module) == nn.Conv2d:
        nn.init.xavier_uniform_(module.weight)


torch.manual_seed(0)
net = nn.Sequential(
    nn.LazyConv2d(6, kernel_size=5, padding=2), nn.LazyBatchNorm2d(), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2),
    nn.LazyConv2d(16, kernel_size=3), nn.LazyBatchNorm2d(), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2), nn.Flatten(),
    nn.LazyLinear(12), nn.LazyBatchNorm1d(), nn.Sigmoid(), nn.LazyLinear(10))
print(net)
X = torch.randn(4, 1, 16, 16)
net(X)
net.apply(init_cnn)
print(net)
for layer in net:
    X = layer(X)
    print(layer.__class__.__name__, 'output shape:\t', tuple(X.shape))
print([tuple(p.shape) for p in net.parameters()])
print([(k, tuple(v.shape)) for k, v in net.state_dict().items()][:6])
bn = net[1]
print(bn.num_features, bn.running_mean.shape, bn.num_batches_tracked, bn.affine, bn.track_running_stats)

opt = torch.optim.SGD(net.parameters(), lr=0.1)
Xb, yb = torch.randn(8, 1, 16, 16), torch.randint(0, 10, (8,))
for step in range(3):
    loss = F.cross_entropy(net(Xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, f'{loss.item():.4f}')

clone = nn.Sequential(
    nn.LazyConv2d(6, kernel_size=5, padding=2), nn.LazyBatchNorm2d(), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2),
    nn.LazyConv2d(16, kernel_size=3), nn.LazyBatchNorm2d(), nn.Sigmoid(),
    nn.AvgPool2d(kernel_size=2, stride=2), nn.Flatten(),
    nn.LazyLinear(12), nn.LazyBatchNorm1d(), nn.Sigmoid(), nn.LazyLinear(10))
print(clone.load_state_dict(net.state_dict()))

net.eval()
clone.eval()
print(torch.allclose(clone(Xb), net(Xb)))

c1 = nn.LazyConv1d(4, 3, groups=2)
c1(torch.randn(2, 6, 10))
print(c1, c1.weight.shape)
ct = nn.LazyConvTranspose2d(3, 2, stride=2)
print(ct(torch.randn(1, 5, 4, 4)).shape, ct, ct.weight.shape)
inorm = nn.LazyInstanceNorm2d(affine=True)
print(inorm(torch.randn(2, 3, 4, 4)).shape, inorm, inorm.weight.shape)
try:
    nn.LazyConv2d(4, 3)(torch.randn(5, 5))
except RuntimeError as e:
    print('RuntimeError:', e)

ub = nn.UninitializedBuffer()
print(ub, type(ub).__name__, ub.requires_grad)
up = nn.UninitializedParameter(dtype=torch.float64)
up.materialize((2, 3))
print(type(up).__name__, up.shape, up.dtype, up.requires_grad)

# NumPy-style keyword names, accepted by every torch function and Tensor method
X = torch.arange(6.0).reshape(2, 3)
print(X.sum(axis=1, keepdims=True), torch.sum(X, axis=0), X.mean(axis=0, keepdims=True))
print(X.argmax(axis=1), torch.max(X, axis=1).values, torch.cat([X, X], axis=0).shape)
print(X.softmax(axis=1).sum(axis=1), torch.amax(X, axis=0, keepdims=True))
