# torch.overrides: the Python face of the __torch_function__ protocol (PyTorch 2.11's torch/overrides.py
# API). The protocol itself is native in Kiln (engine/bindings/fx.cpp: torch functions, Tensor methods
# and properties dispatch to the overloaded arguments' handlers, and the default
# Tensor.__torch_function__ re-wraps results into the subclass); these functions are what Python code
# implementing its own torch-like functions calls: has_torch_function*, handle_torch_function,
# get_default_nowrap_functions, is_tensor_like.
# TorchFunctionMode: a context manager whose __torch_function__ sees every torch function, Tensor
# method and property getter called inside it (the mode stack is native too, fx.cpp's).
# Left out: get_overridable_functions/get_testing_overrides (tables of PyTorch's whole API),
# wrap_torch_function, resolve_name.

import torch

__all__ = [
    "TorchFunctionMode",
    "get_default_nowrap_functions",
    "handle_torch_function",
    "has_torch_function",
    "is_tensor_like",
]


def _overrides(obj):
    # check_has_torch_function: not an exact Tensor, and a __torch_function__ that is not the disabled one
    t = type(obj)
    if t is torch.Tensor:
        return False
    if isinstance(obj, torch.Tensor) and t.__module__.startswith("torch."):
        # Kiln's own tensor types (Parameter, UninitializedBuffer, ...) are native, as fx.cpp treats them
        return False
    tf = getattr(t, "__torch_function__", None)
    if tf is None:
        return False
    return getattr(tf, "__func__", tf) is not torch._C._disabled_torch_function_impl


def _get_overloaded_args(relevant_args, get_type_fn=None):
    # one argument per type, in order, a subclass before its parent's argument
    if get_type_fn is None:
        get_type_fn = type
    if not torch._C._is_torch_function_enabled():
        return []
    overloaded_types = []
    overloaded_args = []
    for arg in relevant_args:
        arg_type = get_type_fn(arg)
        if arg_type in overloaded_types or not _overrides(arg):
            continue
        index = len(overloaded_args)
        for i, old_arg in enumerate(overloaded_args):
            if issubclass(arg_type, get_type_fn(old_arg)):
                index = i
                break
        overloaded_types.append(arg_type)
        overloaded_args.insert(index, arg)
    return overloaded_args


def has_torch_function(relevant_args):
    if not torch._C._is_torch_function_enabled():
        return False
    return any(_overrides(a) for a in relevant_args)


def has_torch_function_unary(obj):
    return torch._C._is_torch_function_enabled() and _overrides(obj)


def has_torch_function_variadic(*args):
    return has_torch_function(args)


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    overloaded_args = _get_overloaded_args(relevant_args)
    types = tuple(map(type, overloaded_args))
    for overloaded_arg in overloaded_args:
        torch_func_method = overloaded_arg.__torch_function__
        result = torch_func_method(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result
    func_name = f"{public_api.__module__}.{public_api.__name__}"
    msg = (f"no implementation found for '{func_name}' on types that implement "
           f"__torch_function__: {[type(arg) for arg in overloaded_args]}")
    raise TypeError(msg)


def get_default_nowrap_functions():
    # Tensor._base, .grad and ._grad's getters: the default __torch_function__ returns their results as they are
    return set(torch._kiln_default_nowrap_functions())


def is_tensor_like(inp):
    return type(inp) is torch.Tensor or hasattr(inp, "__torch_function__")



def _push_mode(mode):
    torch._kiln_function_mode_push(mode)


def _pop_mode():
    return torch._kiln_function_mode_pop()


def _get_current_function_mode():
    n = torch._kiln_function_mode_len()
    return torch._kiln_function_mode_at(n - 1) if n > 0 else None


def _get_current_function_mode_stack():
    return [torch._kiln_function_mode_at(i) for i in range(torch._kiln_function_mode_len())]


class TorchFunctionMode:
    # Entering pushes the mode on the stack, leaving pops it; while it is the innermost, calls go to
    # its __torch_function__(func, types, args, kwargs), with the mode popped while that runs.
    inner = None

    def __init__(self):
        pass

    def __torch_function__(self, func, types, args=(), kwargs=None):
        raise NotImplementedError

    def __enter__(self):
        _push_mode(self)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        _pop_mode()

    @classmethod
    def push(cls, *args, **kwargs):
        import warnings
        warnings.warn("`Mode.push()` is no longer necessary and can be replaced with just `with Mode()`")
        return cls(*args, **kwargs)
