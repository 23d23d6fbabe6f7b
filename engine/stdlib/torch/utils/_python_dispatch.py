# torch.utils._python_dispatch: TorchDispatchMode and the mode stack (PyTorch 2.11's module of that
# name). The dispatch itself is native (engine/bindings/torch_dispatch.cpp): while a mode is on the
# stack, every operator call reaches its __torch_dispatch__(func, types, args, kwargs) with func the
# aten OpOverload, the mode popped while its handler runs. Also the helpers subclass code imports:
# _get_current_dispatch_mode(_stack), _pop_mode_temporarily, _disable_current_modes,
# is_traceable_wrapper_subclass.
# Left out: the infra-mode keys (_TorchDispatchModeKey), return_and_correct_aliasing.
import contextlib

import torch

__all__ = ["TorchDispatchMode"]


def _len_torch_dispatch_stack():
    return torch._kiln_dispatch_len()


def _get_dispatch_stack_at(i):
    return torch._kiln_dispatch_at(i)


def _push_mode(mode):
    torch._kiln_dispatch_push(mode)


def _pop_mode(k=None):
    return torch._kiln_dispatch_pop()


def _get_current_dispatch_mode():
    n = torch._kiln_dispatch_len()
    return torch._kiln_dispatch_at(n - 1) if n > 0 else None


def _get_current_dispatch_mode_stack():
    return [torch._kiln_dispatch_at(i) for i in range(torch._kiln_dispatch_len())]


@contextlib.contextmanager
def _pop_mode_temporarily(k=None):
    old = _pop_mode(k)
    try:
        yield old
    finally:
        _push_mode(old)


@contextlib.contextmanager
def _disable_current_modes():
    saved = []
    while torch._kiln_dispatch_len() > 0:
        saved.append(_pop_mode())
    try:
        yield list(reversed(saved))
    finally:
        for mode in reversed(saved):
            _push_mode(mode)


class TorchDispatchMode:
    # A context manager whose __torch_dispatch__ sees each aten call made inside it. Entering pushes
    # the mode, leaving pops it; the same instance may be entered again (nested) as in PyTorch.

    def __init__(self, _dispatch_key=None):
        if _dispatch_key is not None:
            raise NotImplementedError("Kiln's TorchDispatchMode takes no _dispatch_key")
        self.old_dispatch_mode_flags = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
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

    @classmethod
    def is_infra_mode(cls):
        return False


def is_traceable_wrapper_subclass(t):
    # A wrapper subclass implementing the flatten protocol (__tensor_flatten__/__tensor_unflatten__).
    is_subclass = isinstance(t, torch.Tensor) and type(t) is not torch.Tensor
    return (is_subclass and hasattr(t, "__tensor_flatten__") and hasattr(t, "__tensor_unflatten__"))


def is_traceable_wrapper_subclass_type(t):
    return (issubclass(t, torch.Tensor) and t is not torch.Tensor and hasattr(t, "__tensor_flatten__")
            and hasattr(t, "__tensor_unflatten__"))
