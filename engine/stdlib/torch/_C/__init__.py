# torch._C: only what generated torch.fx code names (torch._C._nn.linear, ...), the few extension
# types Python modules of PyTorch re-export (_SDPBackend, torch.nn.attention's SDPBackend), and the
# private switches real programs call directly (grad mode, TorchScript fuser/executor knobs, API-usage
# logging); Kiln's torch is native C++ without PyTorch's _C extension module.


class _SDPBackend:
    # PyTorch's pybind11 enum of scaled_dot_product_attention backends (torch/csrc/Module.cpp), with
    # pybind11's enum protocol: members are instances carrying an int, `name` / `value`, int() and
    # hash() by value, == only between members of this type, repr <SDPBackend.MATH: 0> (the type's
    # __name__, which torch.nn.attention renames), `__members__`, and construction from an int.
    __slots__ = ("_value",)

    def __init__(self, value):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(
                f"__init__(): incompatible constructor arguments. The following argument types are supported:\n"
                f"    1. torch._C._SDPBackend(value: int)\n\nInvoked with: {value!r}"
            )
        self._value = value

    @property
    def value(self):
        return self._value

    @property
    def name(self):
        for k, v in _SDP_BACKEND_VALUES:
            if v == self._value:
                return k
        return "???"

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __hash__(self):
        return self._value

    def __eq__(self, other):
        return type(other) is type(self) and other._value == self._value

    def __ne__(self, other):
        return not (type(other) is type(self) and other._value == self._value)

    def __repr__(self):
        return f"<{type(self).__name__}.{self.name}: {self._value}>"

    def __str__(self):
        return f"{type(self).__name__}.{self.name}"

    def __getstate__(self):
        return self._value

    def __setstate__(self, state):
        self._value = state


_SDP_BACKEND_VALUES = (
    ("ERROR", -1),
    ("MATH", 0),
    ("FLASH_ATTENTION", 1),
    ("EFFICIENT_ATTENTION", 2),
    ("CUDNN_ATTENTION", 3),
    ("OVERRIDEABLE", 4),
)
_SDPBackend.__members__ = {}
for _name, _value in _SDP_BACKEND_VALUES:
    _member = _SDPBackend(_value)
    setattr(_SDPBackend, _name, _member)
    _SDPBackend.__members__[_name] = _member
del _name, _value, _member


class TracingState:
    # what _get_tracing_state() returns inside torch.jit.trace: code only tests it for truth
    # (torchvision._is_tracing(), DETR's nested_tensor_from_tensor_list)
    pass


def _get_tracing_state():
    import torch
    return TracingState() if torch.jit.is_tracing() else None


# ---- grad mode, as torch/csrc/autograd/init.cpp binds it ----
# torch.autograd.grad_mode's classes call these, and older programs (karpathy/pytorch-made's run.py)
# toggle the mode with them directly. Both forward to Kiln's native torch.set_grad_enabled /
# torch.is_grad_enabled, so the mode is the one every other API sees.

def _set_grad_enabled(enabled):
    # PyTorch checks with PyBool_Check: an int (even 0/1) is a TypeError
    if type(enabled) is not bool:
        raise TypeError(f"set_grad_enabled(): argument 'enabled' (position 1) must be bool, not {type(enabled).__name__}")
    import torch
    torch.set_grad_enabled(enabled)


def is_grad_enabled():
    import torch
    return torch.is_grad_enabled()


def _log_api_usage_once(event):
    # PyTorch records the event for its usage telemetry; modules call it at construction. There is
    # no telemetry here; the argument is still checked the way the pybind11 binding does.
    if not isinstance(event, str):
        _incompatible("_log_api_usage_once", "(arg0: str) -> None", event)


# ---- TorchScript executor and fuser switches (torch/csrc/jit/python/init.cpp) ----
# Scripts written for PyTorch 1.x turn the profiling executor and the fusers off or on before
# scripting (Megatron's set_jit_fusion_options, DeBERTa workarounds). Kiln's TorchScript has one
# executor and no JIT fuser, so the switches only keep their state: the setters that PyTorch has
# return the previous value exactly as there, so code that saves and restores them round-trips.
_jit_state = {"profiling_executor": True, "profiling_mode": True, "texpr_fuser": True,
              "can_fuse_on_cpu": True, "can_fuse_on_gpu": True, "graph_executor_optimize": True,
              "autodiff_subgraph_inlining": True}


def _incompatible(name, signature, *args):
    # pybind11's message for arguments no overload accepts
    shown = ", ".join(repr(a) for a in args)
    raise TypeError(
        f"{name}(): incompatible function arguments. The following argument types are supported:\n"
        f"    1. {signature}\n\nInvoked with: {shown}"
    )


def _jit_bool_setter(name, key, returns_old):
    def setter(flag):
        if type(flag) is not bool:
            _incompatible(name, "(arg0: bool) -> " + ("bool" if returns_old else "None"), flag)
        old = _jit_state[key]
        _jit_state[key] = flag
        return old if returns_old else None
    setter.__name__ = setter.__qualname__ = name
    return setter


def _jit_bool_getter(name, key):
    def getter():
        return _jit_state[key]
    getter.__name__ = getter.__qualname__ = name
    return getter


_jit_set_profiling_executor = _jit_bool_setter("_jit_set_profiling_executor", "profiling_executor", True)
_jit_set_profiling_mode = _jit_bool_setter("_jit_set_profiling_mode", "profiling_mode", True)
_jit_set_texpr_fuser_enabled = _jit_bool_setter("_jit_set_texpr_fuser_enabled", "texpr_fuser", False)
_jit_texpr_fuser_enabled = _jit_bool_getter("_jit_texpr_fuser_enabled", "texpr_fuser")
_jit_override_can_fuse_on_cpu = _jit_bool_setter("_jit_override_can_fuse_on_cpu", "can_fuse_on_cpu", False)
_jit_override_can_fuse_on_gpu = _jit_bool_setter("_jit_override_can_fuse_on_gpu", "can_fuse_on_gpu", False)
_jit_can_fuse_on_cpu = _jit_bool_getter("_jit_can_fuse_on_cpu", "can_fuse_on_cpu")
_jit_can_fuse_on_gpu = _jit_bool_getter("_jit_can_fuse_on_gpu", "can_fuse_on_gpu")
_set_graph_executor_optimize = _jit_bool_setter("_set_graph_executor_optimize", "graph_executor_optimize", False)
_get_graph_executor_optimize = _jit_bool_getter("_get_graph_executor_optimize", "graph_executor_optimize")
_debug_set_autodiff_subgraph_inlining = _jit_bool_setter(
    "_debug_set_autodiff_subgraph_inlining", "autodiff_subgraph_inlining", False)


# ---- the __torch_function__ protocol's switches (torch/csrc/utils/disable_torch_function.cpp) ----
# Kiln's protocol is native (engine/bindings/fx.cpp): these name its pieces as torch._C does.
# DisableTorchFunctionSubclass turns off every argument's __torch_function__ (the default
# Tensor.__torch_function__ runs func inside it); DisableTorchFunction does too. Both also keep
# calls from TorchFunctionModes (one switch in Kiln; PyTorch's Subclass form leaves modes on).

def _kiln_torch():
    import torch
    return torch


# the native one itself, so that `__torch_function__ = torch._C._disabled_torch_function_impl` on a
# class is recognised as "no override" (nn.Parameter's)
_disabled_torch_function_impl = _kiln_torch()._kiln_disabled_torch_function_impl


def _is_torch_function_enabled():
    return _kiln_torch()._kiln_is_torch_function_enabled()


class DisableTorchFunctionSubclass:
    def __enter__(self):
        _kiln_torch()._kiln_torch_function_disable(1)
        return None

    def __exit__(self, exc_type, exc_value, traceback):
        _kiln_torch()._kiln_torch_function_disable(-1)
        return None


class DisableTorchFunction(DisableTorchFunctionSubclass):
    pass


# ---- the mode stacks (torch/csrc/utils/python_dispatch.cpp, torch_function_mode.cpp) ----
# TorchDispatchMode's and TorchFunctionMode's stacks are native (bindings/torch_dispatch.cpp, fx.cpp).

def _push_on_torch_dispatch_stack(mode):
    _kiln_torch()._kiln_dispatch_push(mode)


def _pop_torch_dispatch_stack(mode_key=None):
    return _kiln_torch()._kiln_dispatch_pop()


def _len_torch_dispatch_stack():
    return _kiln_torch()._kiln_dispatch_len()


def _get_dispatch_stack_at(i):
    return _kiln_torch()._kiln_dispatch_at(i)


def _push_on_torch_function_stack(mode):
    _kiln_torch()._kiln_function_mode_push(mode)


def _pop_torch_function_stack():
    return _kiln_torch()._kiln_function_mode_pop()


def _len_torch_function_stack():
    return _kiln_torch()._kiln_function_mode_len()


def _get_function_stack_at(i):
    return _kiln_torch()._kiln_function_mode_at(i)


def _disabled_torch_dispatch_impl(func, types, args=(), kwargs=None):
    # torch.Tensor.__torch_dispatch__ in PyTorch: "no Python handling"; a subclass setting it runs func
    raise NotImplementedError("_disabled_torch_dispatch_impl: Kiln runs the operator natively for such a class")
