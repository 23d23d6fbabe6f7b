# torch._C: only what generated torch.fx code names (torch._C._nn.linear, ...) and the few extension
# types Python modules of PyTorch re-export (_SDPBackend, torch.nn.attention's SDPBackend); Kiln's
# torch is native C++ without PyTorch's _C extension module.


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
