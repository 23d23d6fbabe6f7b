# Real-program corpus (tests/realworld, see README.md): custom autograd Functions (static forward and
# backward, ctx.save_for_backward / saved_tensors, needs_input_grad, mark_non_differentiable, apply
# aliased to a name) used to fit y = a + b * P3(c + d x) by gradient descent, plus a clamp-style
# ReLU Function and a float64 gradcheck: the workflow of pytorch/tutorials
# beginner_source/examples_autograd/polynomial_custom_function.py and two_layer_net_custom_function.py
# @ 02ed6c5cf613bbf2b631704eee62033b8bd746ef. Written for Kiln, not copied.
import math
import torch


class Legendre3(torch.autograd.Function):
    """P3(x) = (5x^3 - 3x) / 2 with its derivative 3/2 (5x^2 - 1) written by hand."""

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class ScaleAndArgmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        idx = x.argmax(dim=-1)
        ctx.mark_non_differentiable(idx)
        ctx.scale = scale
        return x * scale, idx

    @staticmethod
    def backward(ctx, grad_out, grad_idx):
        print("needs_input_grad", ctx.needs_input_grad)
        return grad_out * ctx.scale, None


dtype = torch.float
x = torch.linspace(-math.pi, math.pi, 2000, dtype=dtype)
y = torch.sin(x)
a = torch.full((), 0.0, dtype=dtype, requires_grad=True)
b = torch.full((), -1.0, dtype=dtype, requires_grad=True)
c = torch.full((), 0.0, dtype=dtype, requires_grad=True)
d = torch.full((), 0.3, dtype=dtype, requires_grad=True)
learning_rate = 5e-6
for t in range(500):
    P3 = Legendre3.apply
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    if t % 100 == 99:
        print(t, f"{loss.item():.2f}")
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f'Result: y = {a.item():.4f} + {b.item():.4f} * P3({c.item():.4f} + {d.item():.4f} x)')

torch.manual_seed(0)
h = torch.randn(4, 3, requires_grad=True)
out = MyReLU.apply(h)
print(type(out.grad_fn).__name__, out.requires_grad)
out.sum().backward()
print(torch.equal(h.grad, (h > 0).float()))

z = torch.tensor([[1.0, 3.0, 2.0]], requires_grad=True)
scaled, idx = ScaleAndArgmax.apply(z, 2.0)
print(idx, idx.requires_grad, scaled.requires_grad)
scaled.sum().backward()
print(z.grad)

inp = torch.randn(5, dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(Legendre3.apply, (inp,), eps=1e-6, atol=1e-4))
