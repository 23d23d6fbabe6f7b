# torch.autograd.forward_ad's API: levels, make_dual / unpack_dual, printing of dual tensors, the
# errors PyTorch raises, backward mode through dual tensors, custom Functions with jvp.
import torch
import torch.autograd.forward_ad as fwAD

print(fwAD._current_level)
foo = torch.tensor([1.0, 2.0])
bar = torch.tensor([0.5, -1.0])
with fwAD.dual_level() as level:
    print("level", level, fwAD._current_level)
    dual = fwAD.make_dual(foo, bar)
    print(dual)
    print(repr(dual * 2))
    p, t = fwAD.unpack_dual(dual)
    print(p, t, t is bar)
    print(fwAD.unpack_dual(dual))
    print(fwAD.unpack_dual(foo))
    print("shares memory:", dual.data_ptr() == foo.data_ptr(), dual._version == foo._version)
    print("requires_grad:", dual.requires_grad, (dual * 2).requires_grad, (dual * 2).grad_fn)
    for bad in [(torch.tensor([1, 2]), bar), (foo, torch.tensor([1, 2]))]:
        try:
            fwAD.make_dual(*bad)
        except ValueError as e:
            print("ValueError:", e)
    try:
        fwAD.make_dual(foo, torch.ones(3))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        fwAD.make_dual(dual, bar)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        fwAD.enter_dual_level()
    except RuntimeError as e:
        print("RuntimeError:", e)
print(fwAD._current_level, fwAD.unpack_dual(dual))
try:
    fwAD.make_dual(foo, bar)
except RuntimeError as e:
    print("RuntimeError:", e)

# backward mode through dual tensors
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
tx = torch.tensor([1.0, 0.5, -1.0])
with fwAD.dual_level():
    d = fwAD.make_dual(x, tx)
    out = (d * d).sin()
    p, t = fwAD.unpack_dual(out)
    print(type(out.grad_fn).__name__, p.requires_grad, t.requires_grad)
    print("tangent", t.detach())
    p.sum().backward()
    print("grad", x.grad)


# custom Function with jvp, several inputs and outputs
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        ctx.save_for_backward(a, b)
        ctx.a, ctx.b = a, b  # saved_tensors is empty when nothing requires grad
        ctx.scale = scale
        return a * b * scale, a + b

    @staticmethod
    def backward(ctx, g1, g2):
        a, b = ctx.saved_tensors
        return g1 * b * ctx.scale + g2, g1 * a * ctx.scale + g2, None

    @staticmethod
    def jvp(ctx, ta, tb, tscale):
        a, b = ctx.a, ctx.b
        print("jvp got", ta, tb, tscale)
        return (ta * b + a * tb) * ctx.scale, ta + tb


a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
with fwAD.dual_level():
    o1, o2 = MulAdd.apply(fwAD.make_dual(a, torch.ones(2)), b, 2.0)
    print(fwAD.unpack_dual(o1).tangent, fwAD.unpack_dual(o2).tangent)


class BadCount(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def jvp(ctx, ta):
        return ta * 2, ta


class BadType(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def jvp(ctx, ta):
        return 3


class NoJvp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2


for cls in (BadCount, BadType, NoJvp):
    with fwAD.dual_level():
        try:
            cls.apply(fwAD.make_dual(a, torch.ones(2)))
        except (RuntimeError, NotImplementedError) as e:
            print(type(e).__name__ + ":", e)
    print(cls.__name__, "without tangents:", cls.apply(a))


@fwAD.dual_level()
def decorated():
    return fwAD.unpack_dual(fwAD.make_dual(a, b) * 3).tangent


print(decorated(), fwAD._current_level)
