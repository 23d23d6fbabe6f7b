import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        grad = grad_output.clone()
        grad[x < 0] = 0
        return grad


x = torch.tensor([-1.0, 0.5, 2.0, -3.0], requires_grad=True)
y = MyReLU.apply(x)
print(y)
print(type(y.grad_fn).__name__)
print(y.requires_grad, y.is_leaf)
y.sum().backward()
print(x.grad)

# composed with built-in ops on both sides
x.grad = None
z = (MyReLU.apply(x * 2) ** 2).sum()
z.backward()
print(z.item(), x.grad)

# no input requires grad: plain result, no grad_fn
a = torch.tensor([1.0, -1.0])
b = MyReLU.apply(a)
print(b, b.requires_grad, b.grad_fn)

# under no_grad
with torch.no_grad():
    c = MyReLU.apply(x)
print(c.requires_grad, c.grad_fn)

# grad_fn chain
y = MyReLU.apply(x * 3)
print(type(y.grad_fn).__name__, [type(f[0]).__name__ for f in y.grad_fn.next_functions])
print(isinstance(y.grad_fn, torch.autograd.function.BackwardCFunction))
print(MyReLU._backward_cls.__name__ if hasattr(MyReLU, "_backward_cls") else "no cls")
