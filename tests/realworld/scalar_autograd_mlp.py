# Real-program corpus (tests/realworld, see README.md): a scalar reverse-mode autograd engine with a
# small MLP trained by SGD on a two-moons toy set, the workflow of karpathy/micrograd (engine.py,
# nn.py, demo.ipynb @ c911406e5ace8742e5841a7e0df113ecb5d54685). Written for Kiln, not copied.
# Pure Python: operator overloading with reflected dunders, closures stored on objects, a
# depth-first topological sort with a set, generator expressions fed to sum(), random.seed/gauss/
# uniform/shuffle, f-strings.
import math
import random


class Scalar:
    """One number in a computation graph; remembers how to push its gradient to its inputs."""

    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self._parents = tuple(parents)  # a tuple: a set of objects would order by address
        self._op = op
        self._push = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)
        out = Scalar(self.data + other.data, (self, other), "+")

        def push():
            self.grad += out.grad
            other.grad += out.grad
        out._push = push
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)
        out = Scalar(self.data * other.data, (self, other), "*")

        def push():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._push = push
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant powers"
        out = Scalar(self.data ** k, (self,), f"**{k}")

        def push():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._push = push
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Scalar(t, (self,), "tanh")

        def push():
            self.grad += (1 - t * t) * out.grad
        out._push = push
        return out

    def relu(self):
        out = Scalar(self.data if self.data > 0 else 0.0, (self,), "relu")

        def push():
            self.grad += (out.data > 0) * out.grad
        out._push = push
        return out

    def backward(self):
        order, seen = [], set()

        def visit(node):
            if node not in seen:
                seen.add(node)
                for p in node._parents:
                    visit(p)
                order.append(node)
        visit(self)
        self.grad = 1.0
        for node in reversed(order):
            node._push()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Scalar(data={self.data:.6f}, grad={self.grad:.6f})"


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, n_in, nonlin=True):
        self.w = [Scalar(random.uniform(-1, 1)) for _ in range(n_in)]
        self.b = Scalar(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.relu() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    def __init__(self, n_in, n_out, **kwargs):
        self.neurons = [Neuron(n_in, **kwargs) for _ in range(n_out)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons[:2])}, ...]"


class MLP(Module):
    def __init__(self, n_in, sizes):
        dims = [n_in] + sizes
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=i != len(sizes) - 1) for i in range(len(sizes))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


# the gradient of a small expression, checked against finite differences
a, b = Scalar(-4.0), Scalar(2.0)
c = a + b
d = a * b + b ** 3
c = c + c + 1
c = c + 1 + c + (-a)
d = d + d * 2 + (b + a).relu()
d = d + 3 * d + (b - a).relu()
e = c - d
f = e ** 2
g = f / 2.0
g = g + 10.0 / f
g.backward()
print(f"g = {g.data:.4f}, dg/da = {a.grad:.4f}, dg/db = {b.grad:.4f}")
print(a, b)


def moons(n, noise):
    points = []
    for i in range(n):
        t = math.pi * (i // 2) / (n // 2 - 1)
        if i % 2 == 0:
            x, y, label = math.cos(t), math.sin(t), -1
        else:
            x, y, label = 1 - math.cos(t), 0.5 - math.sin(t), 1
        points.append(([x + random.gauss(0, noise), y + random.gauss(0, noise)], label))
    random.shuffle(points)
    return points


random.seed(1337)
data = moons(30, 0.1)
model = MLP(2, [8, 8, 1])
print(model)
print("number of parameters", len(model.parameters()))


def loss_and_accuracy():
    scores = [model([Scalar(v) for v in x]) for x, _ in data]
    losses = [(1 + -label * s).relu() for (_, label), s in zip(data, scores)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg = 1e-4 * sum(p * p for p in model.parameters())
    accuracy = sum((label > 0) == (s.data > 0) for (_, label), s in zip(data, scores)) / len(data)
    return data_loss + reg, accuracy


for step in range(15):
    total, acc = loss_and_accuracy()
    model.zero_grad()
    total.backward()
    lr = 1.0 - 0.9 * step / 15
    for p in model.parameters():
        p.data -= lr * p.grad
    print(f"step {step:2d} loss {total.data:.6f}, accuracy {acc * 100:.1f}%")
