# Real-program corpus (tests/realworld, see README.md): custom autograd Functions that support a second
# backward pass: Square saving its input, Exp saving its output, a sinh that returns its intermediate
# exp(x) and exp(-x) as extra outputs so that their graph survives (with the backward that must still
# add their incoming gradients), the wrong version that stashes them on ctx (its grad has no graph), and
# Cube whose backward is itself a custom Function (CubeBackward) with its own hand-written backward;
# each checked with gradcheck and gradgradcheck in float64, plus grad(create_graph=True) and the
# second derivative read back: the workflow of pytorch/tutorials intermediate_source/
# custom_function_double_backward_tutorial.py @ 0ece40a1f1c8b0adb2c03fe2cb480762b96c09ee. Changes: a
# seed; torchviz's make_dot graphs are replaced by printing grad_fn type names and second derivatives.
# Written for Kiln, not copied.
import torch

torch.manual_seed(0)


def kind(t):
    return type(t.grad_fn).__name__ if t.grad_fn is not None else None


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad_out):
        # recorded when create_graph=True, so a second backward works by itself
        x, = ctx.saved_tensors
        return grad_out * 2 * x


x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(Square.apply, x), torch.autograd.gradgradcheck(Square.apply, x))
x = torch.tensor(1., requires_grad=True).clone()
out = Square.apply(x)
grad_x, = torch.autograd.grad(out, x, create_graph=True)
print(grad_x, kind(out), kind(grad_x))


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x)
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_out):
        result, = ctx.saved_tensors
        return result * grad_out


x = torch.tensor(1., requires_grad=True, dtype=torch.double).clone()
print(torch.autograd.gradcheck(Exp.apply, x), torch.autograd.gradgradcheck(Exp.apply, x))
out = Exp.apply(x)
grad_x, = torch.autograd.grad(out, x, create_graph=True)
second, = torch.autograd.grad(grad_x, x)
print(grad_x, second, kind(grad_x))


class SinhWithIntermediates(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.save_for_backward(expx, expnegx)
        # the intermediates leave as outputs so that autograd knows how they were made
        return (expx - expnegx) / 2, expx, expnegx

    @staticmethod
    def backward(ctx, grad_out, grad_expx, grad_expnegx):
        expx, expnegx = ctx.saved_tensors
        grad_input = grad_out * (expx + expnegx) / 2
        # the outputs are unused by the caller, but the second backward sends gradients through them
        grad_input += grad_expx * expx
        grad_input -= grad_expnegx * expnegx
        return grad_input


def sinh(x):
    return SinhWithIntermediates.apply(x)[0]


x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(sinh, x), torch.autograd.gradgradcheck(sinh, x))
out = sinh(x)
grad_x, = torch.autograd.grad(out.sum(), x, create_graph=True)
second, = torch.autograd.grad(grad_x.sum(), x)
print(kind(out), kind(grad_x), torch.allclose(second, torch.sinh(x)))


class SinhStashed(torch.autograd.Function):
    # the version the tutorial warns about: intermediates kept on ctx have no graph
    @staticmethod
    def forward(ctx, x):
        ctx.expx = torch.exp(x)
        ctx.expnegx = torch.exp(-x)
        return (ctx.expx - ctx.expnegx) / 2

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * (ctx.expx + ctx.expnegx) / 2


out = SinhStashed.apply(x)
grad_x, = torch.autograd.grad(out.sum(), x, create_graph=True)
print(grad_x.requires_grad, grad_x.grad_fn)
try:
    torch.autograd.grad(grad_x.sum(), x)
except RuntimeError as e:
    print("RuntimeError:", e)


def cube_forward(x):
    return x ** 3


def cube_backward(grad_out, x):
    return grad_out * 3 * x ** 2


def cube_backward_backward(grad_out, sav_grad_out, x):
    return grad_out * sav_grad_out * 6 * x


def cube_backward_backward_grad_out(grad_out, x):
    return grad_out * 3 * x ** 2


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return cube_forward(x)

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return CubeBackward.apply(grad_out, x)


class CubeBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_out, x):
        ctx.save_for_backward(x, grad_out)
        return cube_backward(grad_out, x)

    @staticmethod
    def backward(ctx, grad_out):
        x, sav_grad_out = ctx.saved_tensors
        dx = cube_backward_backward(grad_out, sav_grad_out, x)
        dgrad_out = cube_backward_backward_grad_out(grad_out, x)
        return dgrad_out, dx


x = torch.tensor(2., requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(Cube.apply, x), torch.autograd.gradgradcheck(Cube.apply, x))
out = Cube.apply(x)
grad_x, = torch.autograd.grad(out, x, create_graph=True)
second, = torch.autograd.grad(grad_x, x)
print(out, grad_x, second, kind(out), kind(grad_x))
