import torch
from torch.autograd.function import once_differentiable


# setup_context style (PyTorch 2.0+): forward without ctx
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * g


x = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
y = Cube.apply(x)
print(y, type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad)

# defaults are bound to forward's signature; keywords are refused, as PyTorch's C++ apply does
class Affine(torch.autograd.Function):
    @staticmethod
    def forward(x, a, b=1.0):
        return x * a + b

    @staticmethod
    def setup_context(ctx, inputs, output):
        print("inputs", len(inputs), inputs[2])
        ctx.a = inputs[1]

    @staticmethod
    def backward(ctx, g):
        return g * ctx.a, None, None


x.grad = None
y = Affine.apply(x, 2.0)
print(y)
try:
    Affine.apply(x, a=3.0, b=0.5)
except TypeError as e:
    print("TypeError:", e)
y = Affine.apply(x, 3.0, 0.5)
print(y)
y.sum().backward()
print(x.grad)

# double backward through a differentiable backward
x.grad = None
y = Cube.apply(x).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g, g.requires_grad)
(gg,) = torch.autograd.grad(g.sum(), x)
print(gg)


# saving the output
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.exp()
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return g * out


x = torch.tensor([0.0, 1.0], requires_grad=True)
y = Exp.apply(x)
y.sum().backward()
print(torch.allclose(x.grad, x.detach().exp()))


# once_differentiable backward
class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        print("grad enabled in backward:", torch.is_grad_enabled())
        return g * 2


x = torch.tensor([1.0, 2.0], requires_grad=True)
Twice.apply(x).sum().backward()
print(x.grad)
(g,) = torch.autograd.grad(Twice.apply(x).sum(), x, create_graph=True)
print(g.requires_grad)
try:
    g.sum().backward()
except Exception as e:
    print(type(e).__name__, str(e))


# returning an input unchanged
class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 5


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Identity.apply(x)
print(y is x, type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad)


# materialize_grads: an unused output's gradient
class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 1, x * 2

    @staticmethod
    def backward(ctx, g1, g2):
        print("g2 is None:", g2 is None)
        return g1


x = torch.tensor([1.0, 3.0], requires_grad=True)
a, b = Split.apply(x)
a.sum().backward()
print(x.grad)
