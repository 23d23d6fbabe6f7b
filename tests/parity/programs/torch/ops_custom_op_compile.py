import numpy as np
import torch
# torch.compile over torch.ops overloads and a torch.library custom operator whose kernel is NumPy
# code: Dynamo records each as one call_function node (fullgraph=True, no graph break), a custom
# backend sees the graph, and the compiled function gives the eager results.


@torch.library.custom_op("mylib::np_cos", mutates_args=())
def np_cos(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.cos(x.numpy()))


@np_cos.register_fake
def _(x):
    return torch.empty_like(x)


def backend(gm, example_inputs):
    print(gm.code)
    for n in gm.graph.nodes:
        print(n.op, n.name, n.target)
    return gm.forward


def f(x):
    return torch.ops.aten.relu.default(np_cos(x) - 0.5) + torch.ops.aten.add(x, 1)


x = torch.tensor([0.0, 3.0, 1.0])
print(torch.compile(f, backend=backend, fullgraph=True)(x))
print(f(x))
print(torch.compile(f)(x))
