# torch.utils._device (PyTorch 2.11's torch/utils/_device.py): the set of factory functions that take a
# `device=` (_device_constructors, which TorchFunctionMode subclasses such as lit-llama's EmptyInitOnDevice
# and torchtune's helpers test `func in ...` against), DeviceContext (the mode PyTorch's
# `with torch.device(...)` is; in Kiln it enters that native context), device_decorator and set_device.
# Factories Kiln does not provide (empty_quantized, the sparse and nested constructors) are left out of
# the set: `func in _device_constructors()` is False for them, as it would be for any other function.

import functools

import torch
from torch.overrides import TorchFunctionMode

CURRENT_DEVICE = None

_CONSTRUCTOR_PATHS = (
    "empty", "empty_permuted", "empty_strided", "empty_quantized", "ones", "arange", "bartlett_window",
    "blackman_window", "eye", "fft.fftfreq", "fft.rfftfreq", "full", "hamming_window", "hann_window",
    "kaiser_window", "linspace", "logspace", "nested.nested_tensor", "rand", "randn", "randint", "randperm",
    "range", "sparse_coo_tensor", "sparse_compressed_tensor", "sparse_csr_tensor", "sparse_csc_tensor",
    "sparse_bsr_tensor", "sparse_bsc_tensor", "tril_indices", "triu_indices", "zeros", "asarray", "tensor",
    "as_tensor", "scalar_tensor",
)


def _lookup(path):
    obj = torch
    for part in path.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return None
    return obj


@functools.lru_cache(1)
def _device_constructors():
    found = set()
    for path in _CONSTRUCTOR_PATHS:
        fn = _lookup(path)
        if fn is not None:
            found.add(fn)
    return found


class DeviceContext(TorchFunctionMode):
    # PyTorch's `with torch.device(d)` is this mode at the bottom of the mode stack; in Kiln that
    # context is native (it also reaches the built-in layers' parameter factories, which call no Python
    # torch functions), so entering a DeviceContext enters it. __torch_function__ is PyTorch's, for
    # code that calls the mode directly or subclasses it.
    def __init__(self, device):
        self.device = torch.device(device)

    def __enter__(self):
        global CURRENT_DEVICE
        self.old_device = CURRENT_DEVICE
        CURRENT_DEVICE = self.device
        self._native = torch.device(self.device)
        self._native.__enter__()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        global CURRENT_DEVICE
        CURRENT_DEVICE = self.old_device
        return self._native.__exit__(exc_type, exc_val, exc_tb)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _device_constructors() and kwargs.get("device") is None:
            kwargs["device"] = self.device
        return func(*args, **kwargs)


def device_decorator(device, func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with torch.device(device):
            return func(*args, **kwargs)
    return wrapper


def set_device(device):
    """Set the default device inside of the wrapped function by decorating it with this function."""
    return lambda func: device_decorator(torch.device(device), func)
