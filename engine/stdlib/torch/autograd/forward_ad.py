# torch.autograd.forward_ad: dual levels, make_dual / unpack_dual and the dual_level context manager,
# as PyTorch's module has them (its checks and messages), over the natives torch.autograd keeps
# (engine/autograd/forward_ad.h: tangents derived from each op's backward formula). One level at a
# time, as PyTorch.
import torch
from collections import namedtuple

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual", "dual_level"]

_autograd = torch.autograd

# The open level, -1 when none (programs and tests read it: fwAD._current_level).
_current_level = -1


def enter_dual_level():
    global _current_level
    new_level = _autograd._enter_dual_level()
    if new_level != _current_level + 1:
        raise RuntimeError("Entering a new forward AD level but the current level "
                           "is not valid. Make sure you did not modified it directly.")
    _current_level = new_level
    return new_level


def exit_dual_level(*, level=None):
    global _current_level
    if level is None:
        level = _current_level
    if level != _current_level:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one "
                           "that was created. This is not supported.")
    _autograd._exit_dual_level(level)
    _current_level = level - 1


def _maybe_load_decompositions():
    # PyTorch imports torch._decomp's jvp decompositions here; Kiln derives every tangent from the
    # op's backward formula and has nothing to load.
    pass


def make_dual(tensor, tangent, *, level=None):
    _maybe_load_decompositions()
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level "
                           "exists, make sure to enter_dual_level() first.")
    if not (tensor.is_floating_point() or tensor.is_complex()):
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not (tangent.is_floating_point() or tangent.is_complex()):
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    return _autograd._make_dual(tensor, tangent, level)


_UnpackedDualTensor = namedtuple("_UnpackedDualTensor", ["primal", "tangent"])


class UnpackedDualTensor(_UnpackedDualTensor):
    r"""Namedtuple returned by :func:`unpack_dual` containing the primal and tangent components of the dual tensor."""
    pass


def unpack_dual(tensor, *, level=None):
    if level is None:
        level = _current_level
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    primal, dual = _autograd._unpack_dual(tensor, level)
    return UnpackedDualTensor(primal, dual)


class dual_level:
    r"""Context-manager for forward AD: every dual tensor made inside loses its tangent when it exits."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.__class__():
                return func(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


_is_fwd_grad_enabled = _autograd._is_fwd_grad_enabled


class _set_fwd_grad_enabled:
    # PyTorch's private switch: forward AD off (or on) for a block, as custom Functions' forwards run
    def __init__(self, mode):
        self.prev = _is_fwd_grad_enabled()
        _autograd._set_fwd_grad_enabled(mode)

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _autograd._set_fwd_grad_enabled(self.prev)
