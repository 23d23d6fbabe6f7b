import torch


class ScaleShift(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, scale, shift=1.0):
        ctx.scale = scale
        ctx.save_for_backward(x, w)
        print("needs_input_grad", ctx.needs_input_grad)
        return x * w * scale + shift

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        gx = g * w * ctx.scale if ctx.needs_input_grad[0] else None
        gw = g * x * ctx.scale if ctx.needs_input_grad[1] else None
        return gx, gw, None, None


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = ScaleShift.apply(x, w, 2.0)
print(y)
print(y.grad_fn.scale)
y.sum().backward()
print(x.grad, w.grad)

# only one input requires grad
w2 = torch.tensor([1.0, 1.0, 1.0])
x.grad = None
y = ScaleShift.apply(x, w2, 3.0, 0.0)
y.sum().backward()
print(x.grad)

# a default argument of forward; keywords are refused for ctx-style forwards
x.grad = None
y = ScaleShift.apply(x, w2, 0.5)
print(y)
y.backward(torch.ones(3))
print(x.grad)
try:
    ScaleShift.apply(x, w2, scale=0.5)
except TypeError as e:
    print("TypeError", e)


# several outputs, one of them not differentiable
class SortWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        return values, idx

    @staticmethod
    def backward(ctx, g_values, g_idx):
        (idx,) = ctx.saved_tensors
        print("g_idx", g_idx)
        grad = torch.zeros_like(g_values)
        grad[idx] = g_values
        return grad


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
v, i = SortWithIndex.apply(x)
print(v, i, v.requires_grad, i.requires_grad)
(v * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)
