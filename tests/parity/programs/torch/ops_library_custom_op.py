import torch
# torch.library: a custom operator by the decorator (schema inferred from annotations) with an
# autograd formula, and one by Library.define + impl; both called through torch.ops.

@torch.library.custom_op("mylib::scaled_sin", mutates_args=())
def scaled_sin(x: torch.Tensor, scale: float = 1.0) -> torch.Tensor:
    return torch.sin(x) * scale


print(torch.ops.mylib.scaled_sin)
print(torch.ops.mylib.scaled_sin.default)
print(torch.ops.mylib.scaled_sin.default._schema)
print(scaled_sin(torch.zeros(2)))
print(torch.ops.mylib.scaled_sin(torch.tensor([0.0, 0.5]), scale=2.0))


def setup_context(ctx, inputs, output):
    x, scale = inputs
    ctx.save_for_backward(x)
    ctx.scale = scale


def backward(ctx, grad):
    (x,) = ctx.saved_tensors
    return grad * x.cos() * ctx.scale, None


scaled_sin.register_autograd(backward, setup_context=setup_context)
a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
out = scaled_sin(a, 3.0)
out.sum().backward()
print(torch.round(a.grad, decimals=4))

lib = torch.library.Library("mylib2", "DEF")
print(lib.define("twice(Tensor x, float scale=2.0) -> Tensor"))
lib.impl("twice", lambda x, scale: x * scale, "CPU")
# the dispatcher leaves out trailing arguments equal to their schema defaults: this kernel has none of its own
try:
    torch.ops.mylib2.twice(torch.ones(2))
except TypeError as e:
    print("TypeError:", e)
print(torch.ops.mylib2.twice(torch.ones(2), 2.5), torch.ops.mylib2.twice(torch.ones(1), scale=3.0))
lib.define("thrice(Tensor x, float scale=3.0) -> Tensor")
lib.impl("thrice", lambda x, scale=3.0: x * scale, "CPU")
print(torch.ops.mylib2.thrice(torch.ones(2)))
print(torch.ops.mylib2.twice.default._schema, torch.ops.mylib2.twice.overloads())


# A kernel that writes its output argument (mutates_args), computed with NumPy.
import numpy as np


@torch.library.custom_op("mylib::numpy_sin", mutates_args={"output"}, device_types="cpu")
def numpy_sin(input: torch.Tensor, output: torch.Tensor) -> None:
    np.sin(input.numpy(), out=output.numpy())


print(torch.ops.mylib.numpy_sin.default._schema)
x = torch.tensor([0.0, 1.0, 2.0])
out = torch.empty(3)
print(numpy_sin(x, out), torch.allclose(out, torch.sin(x)))
try:
    torch.library.Library("mylib3", "BAD")
except ValueError as e:
    print("ValueError:", e)
