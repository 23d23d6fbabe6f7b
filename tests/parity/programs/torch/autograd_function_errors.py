import torch


class TooFew(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        return x + y

    @staticmethod
    def backward(ctx, g):
        return g


class NonTensorGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g * 2, g


class BadShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)


class Broadcast(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(2, 3)


x = torch.ones(3, requires_grad=True)
for name, fn in [("too_few", lambda: TooFew.apply(x, x)), ("non_tensor", lambda: NonTensorGrad.apply(x, 2)),
                 ("bad_shape", lambda: BadShape.apply(x)), ("broadcast", lambda: Broadcast.apply(x))]:
    x.grad = None
    try:
        fn().sum().backward()
        print(name, "ok", x.grad)
    except Exception as e:
        print(name, type(e).__name__, str(e).strip().split("\n")[0])


class NoBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x + 1


try:
    NoBackward.apply(x).sum().backward()
except Exception as e:
    print(type(e).__name__, str(e))

try:
    torch.autograd.Function.apply(x)
except Exception as e:
    print(type(e).__name__, str(e))


class SaveNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x


try:
    SaveNumber.apply(x)
except Exception as e:
    print(type(e).__name__, str(e))


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


y = Square.apply(x)
s = y.sum()
s.backward()
print(x.grad)
try:
    s.backward()
except Exception as e:
    print(type(e).__name__, str(e)[:60])

# in-place change of a saved tensor
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
y = Square.apply(b)
b.add_(1)
try:
    y.sum().backward()
except Exception as e:
    print(type(e).__name__, str(e)[:60])
