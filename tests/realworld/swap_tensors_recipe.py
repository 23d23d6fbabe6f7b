# Real-program corpus (tests/realworld, see README.md): the "Extension points in nn.Module for
# load_state_dict and tensor subclasses" recipe in order: torch.utils.swap_tensors on two tensors, an
# optimizer holding a Parameter the module then replaces, a `__torch_dispatch__` wrapper subclass
# (torch.Tensor._make_wrapper_subclass) for quantized Linear weights wrapped in nn.Parameter, the
# module's bfloat16() conversion with and without
# torch.__future__.set_swap_module_params_on_conversion, a `__torch_function__` handler for
# torch.Tensor.module_load assigned onto the class afterwards, a model built under
# `with torch.device("meta")` with its weights converted by Module.apply, and load_state_dict(assign=True)
# swapping the loaded values into it.
# Origin: pytorch/tutorials recipes_source/recipes/swap_tensors.py @
# 102956ffb0b138738a60a163c979f8a7f7f9c8ff. Written for Kiln, not copied. Changes: seeded; the
# object ids the recipe prints are printed as comparisons (an id is an address).
import torch
import torch.nn as nn

torch.manual_seed(0)

t1 = torch.arange(2)
t2 = torch.arange(3)
print(f"Before swapping, t1: {t1}, t2: {t2}")
torch.utils.swap_tensors(t1, t2)
print(f"After swapping, t1: {t1}, t2: {t2}")

mod = torch.nn.Linear(1, 2, bias=False)
optimizer = torch.optim.SGD(mod.parameters())
print(f"weight in mod: {mod.weight}")
print(f"weight in optimizer: {optimizer.param_groups[0]['params']}")
mod.weight = torch.nn.Parameter(2 * mod.weight)
print(f"weight in mod: {mod.weight}")
print(f"weight in optimizer: {optimizer.param_groups[0]['params']}")

aten = torch.ops.aten


class MyQuantizedLinearWeight(torch.Tensor):
    @staticmethod
    def __new__(cls, elem, scale):
        return torch.Tensor._make_wrapper_subclass(
            cls,
            elem.shape,
            dtype=elem.dtype,
            layout=elem.layout,
            device=elem.device,
            strides=elem.stride(),
            storage_offset=elem.storage_offset())

    def __init__(self, elem: torch.Tensor, scale: float):
        self.elem = elem
        self.scale = scale

    def __repr__(self):
        return f"MyQuantizedLinearWeight({self.elem}, scale={self.scale})"

    @classmethod
    def __torch_dispatch__(cls, func, types, args, kwargs):
        if func in (aten.detach.default, aten._to_copy.default):
            new_elem = func(args[0].elem, *args[1:], **kwargs)
            return cls(new_elem, args[0].scale)
        # the recipe leaves the other ops' table empty
        OP_TABLE = dict()
        if func in OP_TABLE:
            return OP_TABLE[func](func, args, kwargs)
        raise NotImplementedError(f"Unsupported function {func}")


m = nn.Linear(3, 5, dtype=torch.float32)
m.weight = torch.nn.Parameter(MyQuantizedLinearWeight(m.weight, 0.5))
w_id, b_id = id(m.weight), id(m.bias)
m.bfloat16()
print(f"After: weight kept: {id(m.weight) == w_id}, bias kept: {id(m.bias) == b_id}")
print(f"m.weight.dtype: {m.weight.dtype}")
print(f"m.weight.elem.dtype: {m.weight.elem.dtype}")
print(f"m.bias.dtype: {m.bias.dtype}")

torch.__future__.set_swap_module_params_on_conversion(True)
m = nn.Linear(3, 5, dtype=torch.float32)
m.weight = torch.nn.Parameter(MyQuantizedLinearWeight(m.weight, 0.5))
w_id, b_id = id(m.weight), id(m.bias)
m.bfloat16()
print(f"After: weight kept: {id(m.weight) == w_id}, bias kept: {id(m.bias) == b_id}")
print(f"m.weight.dtype: {m.weight.dtype}")
print(f"m.weight.elem.dtype: {m.weight.elem.dtype}")
print(f"m.bias.dtype: {m.bias.dtype}")
torch.__future__.set_swap_module_params_on_conversion(False)


@classmethod
def custom_torch_function(cls, func, types, args=(), kwargs=None):
    kwargs = {} if kwargs is None else kwargs

    if func is torch.Tensor.module_load:
        dest, src = args[0], args[1]
        assert type(dest) == cls and type(src) == torch.Tensor
        return MyQuantizedLinearWeight(src, dest.scale)
    else:
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **kwargs)


MyQuantizedLinearWeight.__torch_function__ = custom_torch_function


def fn(m):
    if isinstance(m, nn.Linear):
        requires_grad = m.weight.requires_grad
        m.weight = torch.nn.Parameter(MyQuantizedLinearWeight(m.weight, 0.5), requires_grad=requires_grad)


with torch.device("meta"):
    m = nn.Linear(3, 5)
    m.apply(fn)

torch.__future__.set_swap_module_params_on_conversion(True)
w_id, b_id = id(m.weight), id(m.bias)
print(f"m.state_dict() before load_state_dict():\n {m.state_dict()}")
state_dict = nn.Linear(3, 5).state_dict()
print(f"state_dict:\n {state_dict}")
m.load_state_dict(state_dict, assign=True)
print(f"After: weight kept: {id(m.weight) == w_id}, bias kept: {id(m.bias) == b_id}")
print(f"m.state_dict() after load_state_dict():\n {m.state_dict()}")
