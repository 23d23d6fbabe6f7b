# Real-program corpus (tests/realworld, see README.md): the "Introduction to PyTorch" video series'
# tensor and autograd notebooks: factories and *_like, seeding and replaying torch.rand, torch.tensor
# from tuples and lists, dtype arguments and .to(torch.int32) truncation, scalar and tensor arithmetic,
# broadcasting (and the errors of shapes that do not broadcast), the math sampler (abs/ceil/floor/
# clamp, sin/asin, bitwise_xor, eq with broadcasting, max/mean/std/prod/unique, cross without dim,
# matmul, svd), in-place ops including torch.sin_ and out= (the same object comes back), clone versus
# detach, unsqueeze_/squeeze/reshape, the NumPy bridge sharing memory both ways; then autograd on
# linspace(requires_grad=True) through sin with next_functions walked, a TinyModel's layer2 weights
# before and after backward/step, gradient accumulation and zero_grad, requires_grad toggling,
# no_grad as context and decorator, the in-place-on-leaf error, backward(v) of a doubling loop, and
# torch.autograd.functional.jacobian/vjp: the workflow of pytorch/tutorials beginner_source/introyt/
# tensors_deeper_tutorial.py @ 3664438a88e1df751350abc330c23e277a3a406b and autogradyt_tutorial.py @
# 199e9530f4b72f57ba2dc222e1fd18db3efc49ed. Changes: torch.empty's contents and the profiler table
# (timings) are not printed; grad_fn objects by type name; plotting dropped; the commented-out error
# cells run inside try. Written for Kiln, not copied.
import math

import numpy as np
import torch

# ---- tensors ----------------------------------------------------------------------------------------
x = torch.empty(3, 4)
print(type(x), x.shape, x.dtype)
print(torch.zeros(2, 3))
print(torch.ones(2, 3))
torch.manual_seed(1729)
first = torch.rand(2, 3)
second = torch.rand(2, 3)
torch.manual_seed(1729)
print(first, second, torch.rand(2, 3), torch.rand(2, 3), sep="\n")

template = torch.empty(2, 2, 3)
for maker in (torch.empty_like, torch.zeros_like, torch.ones_like, torch.rand_like):
    made = maker(template)
    print(maker.__name__, made.shape, made.dtype)
    if maker is not torch.empty_like:
        print(made)

print(torch.tensor([[3.1415926, 2.71828], [1.61803, 0.0072897]]))
print(torch.tensor((2, 3, 5, 7, 11, 13, 17, 19)))
print(torch.tensor(((2, 4, 6), [3, 6, 9])))
a = torch.ones((2, 3), dtype=torch.int16)
b = torch.rand((2, 3), dtype=torch.float64) * 20.
print(a, b, b.to(torch.int32), sep="\n")

ones = torch.zeros(2, 2) + 1
twos = torch.ones(2, 2) * 2
threes = (torch.ones(2, 2) * 7 - 1) / 2
fours = twos ** 2
print(ones, twos, threes, fours, twos ** 0.5, sep="\n")
print(twos ** torch.tensor([[1, 2], [3, 4]]))
print(ones + fours, threes * fours, sep="\n")
try:
    torch.rand(2, 3) * torch.rand(3, 2)
except RuntimeError as e:
    print("RuntimeError:", e)

rand = torch.rand(2, 4)
print(rand * (torch.ones(1, 4) * 2))
base = torch.ones(4, 3, 2)
print(base * torch.rand(3, 2))
print(base * torch.rand(3, 1))
print(base * torch.rand(1, 2))
for bad in ((4, 3), (2, 3), (0,)):
    try:
        base * torch.rand(bad)
    except RuntimeError as e:
        print("RuntimeError:", e)

a = torch.rand(2, 4) * 2 - 1
print(torch.abs(a), torch.ceil(a), torch.floor(a), torch.clamp(a, -0.5, 0.5), sep="\n")
angles = torch.tensor([0, math.pi / 4, math.pi / 2, 3 * math.pi / 4])
print(angles, torch.sin(angles), torch.asin(torch.sin(angles)), sep="\n")
print(torch.bitwise_xor(torch.tensor([1, 5, 11]), torch.tensor([2, 7, 10])))
d = torch.tensor([[1., 2.], [3., 4.]])
print(torch.eq(d, torch.ones(1, 2)))
print(torch.max(d), torch.max(d).item(), torch.mean(d), torch.std(d), torch.prod(d))
print(torch.unique(torch.tensor([1, 2, 1, 2, 1, 2])))
v1 = torch.tensor([1., 0., 0.])
v2 = torch.tensor([0., 1., 0.])
print(torch.cross(v2, v1))
m1 = torch.rand(2, 2)
m3 = torch.matmul(m1, torch.tensor([[3., 0.], [0., 3.]]))
print(m1, m3, sep="\n")
U, S, V = torch.svd(m3)
print(S, torch.allclose(U @ torch.diag(S) @ V.T, m3, atol=1e-6))

a = torch.tensor([0, math.pi / 4, math.pi / 2, 3 * math.pi / 4])
print(torch.sin(a), a, sep="\n")
b = torch.tensor([0, math.pi / 4, math.pi / 2, 3 * math.pi / 4])
print(torch.sin_(b), b, sep="\n")
a = torch.ones(2, 2)
b = torch.rand(2, 2)
print(a.add_(b), a, b.mul_(b), b, sep="\n")
a = torch.rand(2, 2)
b = torch.rand(2, 2)
c = torch.zeros(2, 2)
keep = id(c)
d = torch.matmul(a, b, out=c)
print(c, d is c, id(c) == keep)
torch.rand(2, 2, out=c)
print(c, id(c) == keep)

a = torch.ones(2, 2)
alias = a
a[0][1] = 561
print(alias)
a = torch.ones(2, 2)
copy = a.clone()
a[0][1] = 561
print(copy is not a, copy)
a = torch.rand(2, 2, requires_grad=True)
print(a, a.clone(), a.detach().clone(), sep="\n")
print('We have a GPU!' if torch.cuda.is_available() else 'Sorry, CPU only.')
try:
    torch.rand(2, 2, device='gpu')
except RuntimeError as e:
    print("RuntimeError:", str(e).split(" device type")[0][:20])

a = torch.rand(3, 226, 226)
print(a.unsqueeze(0).shape)
print(torch.rand(1, 1, 1, 1, 1))
a = torch.rand(1, 20)
print(a.squeeze(0).shape, torch.rand(2, 2).squeeze(0).shape)
col = torch.rand(3).unsqueeze(1)
print(col.shape, torch.ones(4, 3, 2) * col)
batch_me = torch.rand(3, 226, 226)
batch_me.unsqueeze_(0)
print(batch_me.shape)
output3d = torch.rand(6, 20, 20)
print(output3d.reshape(6 * 20 * 20).shape, torch.reshape(output3d, (6 * 20 * 20,)).shape)

numpy_array = np.ones((2, 3))
pytorch_tensor = torch.from_numpy(numpy_array)
print(numpy_array, pytorch_tensor, sep="\n")
pytorch_rand = torch.rand(2, 3)
numpy_rand = pytorch_rand.numpy()
numpy_array[1, 1] = 23
pytorch_rand[1, 1] = 17
print(pytorch_tensor)
print(numpy_rand)

# ---- autograd ---------------------------------------------------------------------------------------
a = torch.linspace(0., 2. * math.pi, steps=25, requires_grad=True)
b = torch.sin(a)
c = 2 * b
d = c + 1
out = d.sum()
print(a, b, c, d, out, sep="\n")


def names(fns):
    return [(type(f).__name__ if f is not None else None, i) for f, i in fns]


node = d.grad_fn
while node is not None and node.next_functions:
    print(type(node).__name__, names(node.next_functions))
    node = node.next_functions[0][0]
print(type(c.grad_fn).__name__, type(b.grad_fn).__name__, a.grad_fn)
out.backward()
print(a.grad)

BATCH_SIZE = 16
DIM_IN = 1000
HIDDEN_SIZE = 100
DIM_OUT = 10


class TinyModel(torch.nn.Module):
    def __init__(self):
        super(TinyModel, self).__init__()
        self.layer1 = torch.nn.Linear(DIM_IN, HIDDEN_SIZE)
        self.relu = torch.nn.ReLU()
        self.layer2 = torch.nn.Linear(HIDDEN_SIZE, DIM_OUT)

    def forward(self, x):
        return self.layer2(self.relu(self.layer1(x)))


some_input = torch.randn(BATCH_SIZE, DIM_IN, requires_grad=False)
ideal_output = torch.randn(BATCH_SIZE, DIM_OUT, requires_grad=False)
model = TinyModel()
print(model.layer2.weight[0][0:10])
print(model.layer2.weight.grad)
optimizer = torch.optim.SGD(model.parameters(), lr=0.001)
loss = (ideal_output - model(some_input)).pow(2).sum()
print(f"{loss.item():.3f}")
loss.backward()
print(model.layer2.weight[0][0:10])
print(model.layer2.weight.grad[0][0:10])
optimizer.step()
print(model.layer2.weight[0][0:10])
for i in range(0, 5):
    loss = (ideal_output - model(some_input)).pow(2).sum()
    loss.backward()
print(model.layer2.weight.grad[0][0:10])
optimizer.zero_grad()
print(model.layer2.weight.grad)

a = torch.ones(2, 3, requires_grad=True)
b1 = 2 * a
a.requires_grad = False
b2 = 2 * a
print(b1, b2, sep="\n")
a = torch.ones(2, 3, requires_grad=True) * 2
b = torch.ones(2, 3, requires_grad=True) * 3
with torch.no_grad():
    c2 = a + b
print(a + b, c2, a * b, sep="\n")


@torch.no_grad()
def add_quietly(x, y):
    return x + y


print(add_quietly(a, b))
x = torch.rand(5, requires_grad=True)
print(x, x.detach(), sep="\n")
try:
    leaf = torch.linspace(0., 2. * math.pi, steps=25, requires_grad=True)
    torch.sin_(leaf)
except RuntimeError as e:
    print("RuntimeError:", e)

with torch.autograd.profiler.profile() as prf:
    x = torch.randn(2, 3, requires_grad=True)
    y = torch.rand(2, 3, requires_grad=True)
    z = torch.ones(2, 3, requires_grad=True)
    for _ in range(10):
        z = (z / x) * y
print(type(prf.key_averages().table(sort_by='self_cpu_time_total')).__name__)

x = torch.randn(3, requires_grad=True)
y = x * 2
while y.data.norm() < 1000:
    y = y * 2
print(y)
y.backward(torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float))
print(x.grad)


def exp_adder(x, y):
    return 2 * x.exp() + 3 * y


inputs = (torch.rand(1), torch.rand(1))
print(inputs)
print(torch.autograd.functional.jacobian(exp_adder, inputs))
inputs = (torch.rand(3), torch.rand(3))
print(torch.autograd.functional.jacobian(exp_adder, inputs))


def do_some_doubling(x):
    y = x * 2
    while y.data.norm() < 1000:
        y = y * 2
    return y


print(torch.autograd.functional.vjp(do_some_doubling, torch.randn(3), v=torch.tensor([0.1, 1.0, 0.0001])))
