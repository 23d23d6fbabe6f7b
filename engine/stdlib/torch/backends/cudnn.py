# torch.backends.cudnn: cuDNN's flags (benchmark, deterministic, enabled, allow_tf32). Where the
# machine has cuDNN 9 (engine/cuda/cudnn.h: loaded at run time) the GPU convolutions call it, as
# PyTorch's do, and these flags select what they say: enabled (False: Kiln's own kernels), benchmark
# (cuDNN times its algorithms once per shape), deterministic (only deterministic algorithms),
# allow_tf32 (whether float32 convolutions may use TF32; True by default, as in PyTorch; it also
# governs Kiln's own convolution GEMMs). is_available() and version() answer for the loaded library.
# flags(...) is the context manager form. As PyTorch's, the module replaces itself in sys.modules
# with a module object whose flags are properties, so `torch.backends.cudnn.benchmark = True`
# reaches the engine.
import contextlib
import sys

import torch

enabled = True
benchmark = False
benchmark_limit = 10
deterministic = False


def is_available():
    return torch.cuda._cudnn_available()


def version():
    return torch.cuda._cudnn_version() if is_available() else None


def is_acceptable(tensor):
    # PyTorch's rule: cuDNN takes CUDA tensors of float16, bfloat16, float32 or float64.
    if not enabled or tensor.device.type != "cuda":
        return False
    return tensor.dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64) and is_available()


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
            return
        if attr in _ENGINE_FLAGS:
            torch.cuda._set_cudnn_flag(attr, bool(value))
        setattr(self.__dict__["_m"], attr, value)

    def __repr__(self):
        return f"<module '{self.__name__}'>"

    @property
    def allow_tf32(self):
        return torch.cuda._conv_allow_tf32()

    @allow_tf32.setter
    def allow_tf32(self, value):
        torch.cuda._set_conv_allow_tf32(bool(value))


_ENGINE_FLAGS = ("enabled", "benchmark", "deterministic")
sys.modules[__name__] = CudnnModule(sys.modules[__name__], __name__)
