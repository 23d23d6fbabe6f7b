# Real-program corpus (tests/realworld, see README.md): forward-mode automatic differentiation: dual
# tensors made inside fwAD.dual_level() (make_dual reusing a tangent laid out as its primal, copying a
# transposed one), unpack_dual's namedtuple, tangents gone after the level exits, an nn.Linear whose
# parameters are replaced by dual tensors and the same through torch.func.functional_call, a custom
# autograd.Function with a jvp staticmethod checked by gradcheck(check_forward_ad=True,
# check_backward_ad=False), and functorch's jvp and make_functional_with_buffers: the workflow of
# pytorch/tutorials intermediate_source/forward_ad_usage.py @ 2d52ead6fdcf053698694bfe1c11cd88758f6f11.
# Changes: torch.manual_seed(0) first; each result printed (shapes, allclose against a reverse-mode or
# closed-form reference, a few values rounded to 4 places); a Function without jvp and a nested level
# show PyTorch's errors; functorch's deprecation warnings go to stderr (not compared). Written for
# Kiln, not copied.
import functools

import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn
from torch.func import functional_call

torch.manual_seed(0)

primal = torch.randn(10, 10)
tangent = torch.randn(10, 10)


def fn(x, y):
    return x ** 2 + y ** 2


with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    print("tangent reused as-is:", fwAD.unpack_dual(dual_input).tangent is tangent)
    dual_input_alt = fwAD.make_dual(primal, tangent.T)
    print("transposed tangent copied:", fwAD.unpack_dual(dual_input_alt).tangent is not tangent)
    print("copied tangent contiguous:", fwAD.unpack_dual(dual_input_alt).tangent.is_contiguous())
    plain_tensor = torch.randn(10, 10)
    dual_output = fn(dual_input, plain_tensor)
    jvp = fwAD.unpack_dual(dual_output).tangent
    print("jvp shape:", tuple(jvp.shape))
    print("jvp == 2 * x * t:", torch.allclose(jvp, 2 * primal * tangent))
    unpacked = fwAD.unpack_dual(dual_output)
    print("namedtuple:", type(unpacked).__name__, unpacked._fields)
    print("primal has no tangent:", fwAD.unpack_dual(unpacked.primal).tangent is None)

print("after the level:", fwAD.unpack_dual(dual_output).tangent is None)

model = nn.Linear(5, 5)
input = torch.randn(16, 5)

params = {name: p for name, p in model.named_parameters()}
tangents = {name: torch.rand_like(p) for name, p in params.items()}

with fwAD.dual_level():
    for name, p in params.items():
        delattr(model, name)
        setattr(model, name, fwAD.make_dual(p, tangents[name]))

    out = model(input)
    jvp = fwAD.unpack_dual(out).tangent

print("module jvp shape:", tuple(jvp.shape))
print("module jvp == x @ tW.T + tb:", torch.allclose(jvp, input @ tangents["weight"].T + tangents["bias"], atol=1e-6))

model = nn.Linear(5, 5)

dual_params = {}
with fwAD.dual_level():
    for name, p in params.items():
        dual_params[name] = fwAD.make_dual(p, tangents[name])
    out = functional_call(model, dual_params, input)
    jvp2 = fwAD.unpack_dual(out).tangent

print("functional_call agrees:", torch.allclose(jvp, jvp2))


class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, foo):
        result = torch.exp(foo)
        ctx.result = result
        return result

    @staticmethod
    def jvp(ctx, gI):
        gO = gI * ctx.result
        del ctx.result
        return gO


fn = Fn.apply

primal = torch.randn(10, 10, dtype=torch.double, requires_grad=True)
tangent = torch.randn(10, 10)

with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    dual_output = fn(dual_input)
    jvp = fwAD.unpack_dual(dual_output).tangent

print("custom jvp dtype:", jvp.dtype)
print("custom jvp == t * exp(x):", torch.allclose(jvp, tangent * primal.detach().exp()))
print("output grad_fn:", type(dual_output.grad_fn).__name__)

print("gradcheck:", torch.autograd.gradcheck(Fn.apply, (primal,), check_forward_ad=True,
                                             check_backward_ad=False, check_undefined_grad=False,
                                             check_batched_grad=False))


class NoJvp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


with fwAD.dual_level():
    try:
        NoJvp.apply(fwAD.make_dual(torch.ones(2), torch.ones(2)))
    except NotImplementedError as e:
        print("NotImplementedError:", e)
    try:
        fwAD.enter_dual_level()
    except RuntimeError as e:
        print("RuntimeError:", e)

import functorch as ft

primal0 = torch.randn(10, 10)
tangent0 = torch.randn(10, 10)
primal1 = torch.randn(10, 10)
tangent1 = torch.randn(10, 10)


def fn(x, y):
    return x ** 2 + y ** 2


primal_out, tangent_out = ft.jvp(fn, (primal0, primal1), (tangent0, tangent1))
print("ft.jvp:", torch.allclose(tangent_out, 2 * primal0 * tangent0 + 2 * primal1 * tangent1))

primal = torch.randn(10, 10)
tangent = torch.randn(10, 10)
y = torch.randn(10, 10)

new_fn = functools.partial(fn, y=y)
primal_out, tangent_out = ft.jvp(new_fn, (primal,), (tangent,))
print("partial:", torch.allclose(primal_out, primal ** 2 + y ** 2), torch.allclose(tangent_out, 2 * primal * tangent))

model = nn.Linear(5, 5)
input = torch.randn(16, 5)
tangents = tuple([torch.rand_like(p) for p in model.parameters()])

func, params, buffers = ft.make_functional_with_buffers(model)
print("functional:", type(func).__name__, len(params), len(buffers))


def func_params_only(params):
    return func(params, buffers, input)


model_output, jvp_out = ft.jvp(func_params_only, (params,), (tangents,))
print("model output:", torch.allclose(model_output, model(input)))
print("model jvp:", torch.allclose(jvp_out, input @ tangents[0].T + tangents[1], atol=1e-6))
print("jvp values:", [round(v, 4) for v in jvp_out[0].tolist()])
