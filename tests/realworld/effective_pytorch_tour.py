# Real-program corpus (tests/realworld, see README.md): the snippets of the "Effective PyTorch"
# guide run in order as one script: tensor basics, torch.autograd.grad through nested Python
# functions, polynomial curve fitting with `torch.tensor(torch.randn(...), requires_grad=True)`
# (PyTorch's copy-construct warning goes to stderr), torch.stack/squeeze of `f @ w`, a hand-written
# Module with Parameters and one wrapping nn.Linear with unsqueeze/squeeze, MSELoss + SGD,
# a TorchScript batch_gather (@torch.jit.script over a list built with `output += [...]`) against
# a Python loop and the vectorized flat-index version, broadcasting "the good and the ugly"
# (repeat + cat vs two Linears, a Merge module, sum over a broadcast), torch.unbind reductions,
# every overloaded operator (// % ** @ & | ^ ~ abs, augmented forms), NumPy float32 underflow and
# overflow (np.float32(1e-50), np.nextafter, np.finfo), and the stable softmax / cross-entropy with
# torch.logsumexp and its gradient.
# Origin: vahidk/EffectivePyTorch README.md @ 24dfe4f4fa04493bbf8450585a4fd9e304d8a8c8.
# Written for Kiln, not copied. Changes: 1000/10000 training steps -> 200/300; `.cuda()` in
# batch_gather_vec dropped (CPU only); `torch.reduce_max` (not a PyTorch function) -> torch.max;
# timings replaced by equality checks; random tensors are seeded and printed rounded.
import time

import numpy as np
import torch

torch.manual_seed(0)
np.random.seed(0)

# ---- basics ----
a = torch.tensor(3)
print(a)
b = torch.tensor([1, 2])
print(b)
c = torch.zeros([2, 2])
print(c)
d = torch.rand([2, 2, 2])
print(d.shape)

x = torch.randn([3, 5])
y = torch.randn([5, 4])
z = x @ y
print(z.round(decimals=3))
print(np.round(z.numpy(), 3))
x_np = torch.tensor(np.random.normal([3, 5]))
print(x_np.dtype, x_np.shape)

# ---- automatic differentiation ----
x = torch.tensor(1.0, requires_grad=True)


def u(x):
    return x * x


def g(u):
    return -u


dgdx = torch.autograd.grad(g(u(x)), x)[0]
print(dgdx)

# ---- curve fitting ----
w = torch.tensor(torch.randn([3, 1]), requires_grad=True)
opt = torch.optim.Adam([w], 0.1)


def model(x):
    f = torch.stack([x * x, x, torch.ones_like(x)], 1)
    yhat = torch.squeeze(f @ w, 1)
    return yhat


def compute_loss(y, yhat):
    loss = torch.nn.functional.mse_loss(yhat, y)
    return loss


def generate_data():
    x = torch.rand(100) * 20 - 10
    y = 5 * x * x + 3
    return x, y


def train_step():
    x, y = generate_data()
    yhat = model(x)
    loss = compute_loss(y, yhat)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss


for step in range(200):
    loss = train_step()
print('curve loss %.2f' % loss.item())
print(np.round(w.detach().numpy(), 2))


# ---- modules ----
class Net(torch.nn.Module):

    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.rand(1))
        self.b = torch.nn.Parameter(torch.rand(1))

    def forward(self, x):
        yhat = self.a * x + self.b
        return yhat


x = torch.arange(100, dtype=torch.float32)
net = Net()
y = net(x)
for p in net.parameters():
    print(p)

x = torch.arange(100, dtype=torch.float32) / 100
y = 5 * x + 3 + torch.rand(100) * 0.3
criterion = torch.nn.MSELoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
for i in range(300):
    net.zero_grad()
    yhat = net(x)
    loss = criterion(yhat, y)
    loss.backward()
    optimizer.step()
print('a=%.3f b=%.3f loss=%.4f' % (net.a.item(), net.b.item(), loss.item()))


class Net(torch.nn.Module):

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(1, 1)

    def forward(self, x):
        yhat = self.linear(x.unsqueeze(1)).squeeze(1)
        return yhat


net = Net()
for p in net.parameters():
    print(p)
print(net(x).shape)

model = torch.nn.Sequential(
    torch.nn.Linear(64, 32),
    torch.nn.ReLU(),
    torch.nn.Linear(32, 10),
)
print(model)


# ---- TorchScript ----
def batch_gather(tensor, indices):
    output = []
    for i in range(tensor.size(0)):
        output += [tensor[i][indices[i]]]
    return torch.stack(output)


@torch.jit.script
def batch_gather_jit(tensor, indices):
    output = []
    for i in range(tensor.size(0)):
        output += [tensor[i][indices[i]]]
    return torch.stack(output)


def batch_gather_vec(tensor, indices):
    shape = list(tensor.shape)
    flat_first = torch.reshape(
        tensor, [shape[0] * shape[1]] + shape[2:])
    offset = torch.reshape(
        torch.arange(shape[0]) * shape[1],
        [shape[0]] + [1] * (len(indices.shape) - 1))
    output = flat_first[indices + offset]
    return output


tensor = torch.randn(6, 5, 3)
indices = torch.randint(0, 5, (6,))
r1 = batch_gather(tensor, indices)
r2 = batch_gather_jit(tensor, indices)
r3 = batch_gather_vec(tensor, indices)
print(r1.shape, torch.equal(r1, r2), torch.equal(r1, r3))
print(type(batch_gather_jit).__name__)
print(batch_gather_jit.code)

# ---- broadcasting ----
a = torch.tensor([[1., 2.], [3., 4.]])
b = torch.tensor([[1.], [2.]])
c = a + b
print(c)

a = torch.rand([5, 3, 5])
b = torch.rand([5, 1, 6])
linear = torch.nn.Linear(11, 10)
tiled_b = b.repeat([1, 3, 1])
c = torch.cat([a, tiled_b], 2)
d = torch.nn.functional.relu(linear(c))
print(d.shape)

linear1 = torch.nn.Linear(5, 10)
linear2 = torch.nn.Linear(6, 10)
pa = linear1(a)
pb = linear2(b)
d2 = torch.nn.functional.relu(pa + pb)
print(d2.shape)
# the two forms agree when linear's weight is [linear1 | linear2]
with torch.no_grad():
    linear.weight.copy_(torch.cat([linear1.weight, linear2.weight], 1))
    linear.bias.copy_(linear1.bias + linear2.bias)
print(torch.allclose(torch.nn.functional.relu(linear(c)), d2, atol=1e-6))


class Merge(torch.nn.Module):
    def __init__(self, in_features1, in_features2, out_features, activation=None):
        super().__init__()
        self.linear1 = torch.nn.Linear(in_features1, out_features)
        self.linear2 = torch.nn.Linear(in_features2, out_features)
        self.activation = activation

    def forward(self, a, b):
        pa = self.linear1(a)
        pb = self.linear2(b)
        c = pa + pb
        if self.activation is not None:
            c = self.activation(c)
        return c


merge = Merge(5, 6, 4, activation=torch.tanh)
print(merge(a, b).shape, Merge(5, 6, 4)(a, b).shape)

a = torch.tensor([[1.], [2.]])
b = torch.tensor([1., 2.])
c = torch.sum(a + b)
print(c)
c = torch.sum(a + b, 0)
print(c)

# ---- overloaded operators ----
x = torch.rand([500, 10])
z = torch.zeros([10])
start = time.time()
for i in range(500):
    z += x[i]
elapsed = time.time() - start
z2 = torch.zeros([10])
for x_i in torch.unbind(x):
    z2 += x_i
z3 = torch.sum(x, dim=0)
print(torch.allclose(z, z3, atol=1e-4), torch.allclose(z2, z3, atol=1e-4), elapsed >= 0)

x = torch.tensor([[5., -3.], [2.5, 7.]])
y = torch.tensor([[2., 2.], [-1.5, 3.]])
for name, z in [('neg', -x), ('add', x + y), ('sub', x - y), ('mul', x * y), ('div', x / y),
                ('floordiv', x // y), ('mod', x % y), ('pow', x ** 2), ('matmul', x @ y),
                ('gt', x > y), ('ge', x >= y), ('lt', x < y), ('le', x <= y), ('abs', abs(x)),
                ('eq', x == y), ('ne', x != y)]:
    print(name, z.tolist())
p = x > 0
q = y > 0
print('and', (p & q).tolist(), 'or', (p | q).tolist(), 'xor', (p ^ q).tolist(), 'not', (~p).tolist())
i = torch.tensor([6, -7, 12])
j = torch.tensor([4, 3, -5])
print('int', (i & j).tolist(), (i | j).tolist(), (i ^ j).tolist(), (~i).tolist(),
      (i // j).tolist(), (i % j).tolist())
x += y
x **= 2
x //= 3
x %= 7
print('augmented', x.tolist())

# ---- numerical stability ----
x = np.float32(1)
y = np.float32(1e-50)
z = x * y / y
print(z)
y = np.float32(1e39)
z = x * y / y
print(z)
print(np.nextafter(np.float32(0), np.float32(1)))
print(np.finfo(np.float32).max)


def unstable_softmax(logits):
    exp = torch.exp(logits)
    return exp / torch.sum(exp)


print(unstable_softmax(torch.tensor([1000., 0.])).numpy())


def softmax(logits):
    exp = torch.exp(logits - torch.max(logits))
    return exp / torch.sum(exp)


print(softmax(torch.tensor([1000., 0.])).numpy())


def unstable_softmax_cross_entropy(labels, logits):
    logits = torch.log(softmax(logits))
    return -torch.sum(labels * logits)


labels = torch.tensor([0.5, 0.5])
logits = torch.tensor([1000., 0.])
xe = unstable_softmax_cross_entropy(labels, logits)
print(xe.numpy())


def softmax_cross_entropy(labels, logits, dim=-1):
    scaled_logits = logits - torch.max(logits)
    normalized_logits = scaled_logits - torch.logsumexp(scaled_logits, dim)
    return -torch.sum(labels * normalized_logits)


xe = softmax_cross_entropy(labels, logits)
print(xe.numpy())
logits.requires_grad_(True)
xe = softmax_cross_entropy(labels, logits)
g = torch.autograd.grad(xe, logits)[0]
print(g.numpy())
