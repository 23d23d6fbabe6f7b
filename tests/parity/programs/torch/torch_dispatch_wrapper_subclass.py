# A wrapper tensor subclass (torch.Tensor._make_wrapper_subclass) whose __torch_dispatch__ unwraps
# its arguments with torch.utils._pytree.tree_map, runs the aten op on the wrapped tensors and wraps
# the results again: the pattern of PyTorch's subclass tutorials. Covers the instance's metadata,
# the OpOverloads the handler receives for operators, torch functions and methods, mixed plain and
# wrapped arguments, an OpOverload called on the subclass, and NotImplemented from every handler.
import torch
from torch.utils._pytree import tree_map

aten = torch.ops.aten


class WrapperTensor(torch.Tensor):
    calls = []

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(
            cls, elem.size(), strides=elem.stride(), dtype=elem.dtype, device=elem.device, requires_grad=False)
        r.elem = elem
        return r

    __torch_function__ = torch._C._disabled_torch_function_impl

    def __repr__(self):
        return f"WrapperTensor({self.elem})"

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        cls.calls.append(str(func))

        def unwrap(e):
            return e.elem if isinstance(e, WrapperTensor) else e

        def wrap(e):
            return WrapperTensor(e) if isinstance(e, torch.Tensor) else e

        out = func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))
        return tree_map(wrap, out)


a = WrapperTensor(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(type(a).__name__, a.shape, a.dtype, a.device, a.requires_grad, a.stride(), a.dim())
print(a)
print(a + a)
print(a * 3)
print(torch.relu(a - 2))
print(a.sum())
print(a @ a)
print(a.t())
print(torch.cat([a, torch.ones(1, 2)]))
print(a.double().dtype, type(a.double()).__name__)
print(aten.add.Tensor(a, a))
print(WrapperTensor.calls)


class Refuses(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        return torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


try:
    Refuses(torch.zeros(2)) + 1
except TypeError as e:
    print(str(e).splitlines()[0])
