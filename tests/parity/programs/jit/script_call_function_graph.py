import torch
# A scripted function that calls other functions: its graph keeps each call as prim::CallFunction
# of a Function constant (the callee's own graph stays separate), its code calls the callee by its
# qualified name, and inlined_graph shows the callee's ops in place.


def double(x):
    return x * 2


@torch.jit.script
def affine(x: torch.Tensor, k: int) -> torch.Tensor:
    return x * k + 1


@torch.jit.script
def caller(x: torch.Tensor) -> torch.Tensor:
    y = affine(x, 3)
    return double(y) - affine(y, 2)


print(caller.graph)
print(caller.code)
print(caller.inlined_graph)
print(affine.graph)
print(caller(torch.tensor([1.0, -2.0])))


def combo(x, y):
    return double(x) + double(y)


s = torch.jit.script(combo)
print(s.graph)
print(s.code)
print(s(torch.tensor([1.0]), torch.tensor([2.0])))
