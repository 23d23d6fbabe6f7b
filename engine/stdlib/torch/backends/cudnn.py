# torch.backends.cudnn: cuDNN's flags (benchmark, deterministic, enabled, allow_tf32). Kiln has no
# cuDNN (its convolutions are its own kernels): is_available() is False and the flags are kept so a
# program reads back what it set; allow_tf32 does select what it says: whether the GPU
# convolutions' float32 GEMMs may use TF32 (True by default, as in PyTorch). flags(...) is the
# context manager form. As PyTorch's, the module replaces itself in sys.modules with a module object
# whose allow_tf32 is a property, so `torch.backends.cudnn.allow_tf32 = False` reaches the engine.
import contextlib
import sys

import torch

enabled = True
benchmark = False
benchmark_limit = 10
deterministic = False


def is_available():
    return False


def version():
    return None


def is_acceptable(tensor):
    return False


@contextlib.contextmanager
def flags(enabled=False, benchmark=False, benchmark_limit=10, deterministic=False, allow_tf32=True):
    m = sys.modules[__name__]
    names = ("enabled", "benchmark", "benchmark_limit", "deterministic", "allow_tf32")
    saved = tuple(getattr(m, n) for n in names)
    for n, v in zip(names, (enabled, benchmark, benchmark_limit, deterministic, allow_tf32)):
        setattr(m, n, v)
    try:
        yield
    finally:
        for n, v in zip(names, saved):
            setattr(m, n, v)


class CudnnModule:
    # PyTorch's CudnnModule(PropModule): attributes not defined here come from the original module
    # (Kiln's module type cannot be subclassed, so this is a plain object standing in sys.modules).
    def __init__(self, m, name):
        self.__dict__["_m"] = m
        self.__dict__["__name__"] = name

    def __getattr__(self, attr):
        return getattr(self.__dict__["_m"], attr)

    def __setattr__(self, attr, value):
        if attr == "allow_tf32":
            object.__setattr__(self, attr, value)
        else:
            setattr(self.__dict__["_m"], attr, value)

    def __repr__(self):
        return f"<module '{self.__name__}'>"

    @property
    def allow_tf32(self):
        return torch.cuda._conv_allow_tf32()

    @allow_tf32.setter
    def allow_tf32(self, value):
        torch.cuda._set_conv_allow_tf32(bool(value))


sys.modules[__name__] = CudnnModule(sys.modules[__name__], __name__)
