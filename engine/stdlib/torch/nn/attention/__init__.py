# torch.nn.attention: SDPBackend and the sdpa_kernel context manager, as PyTorch 2.11's module.
# The context manager sets the same backend flags PyTorch's does (torch.backends.cuda's
# flash_sdp_enabled() and friends read them back) and restores them on exit; Kiln has one
# scaled_dot_product_attention implementation, so the flags select nothing else.
import contextlib

import torch.backends.cuda
from torch._C import _SDPBackend as SDPBackend

__all__ = ["SDPBackend", "sdpa_kernel", "WARN_FOR_UNFUSED_KERNELS"]

# PyTorch warns, when this is True, about why fused kernels could not run for tensor subclasses.
WARN_FOR_UNFUSED_KERNELS = False

SDPBackend.__module__ = __name__
SDPBackend.__name__ = "SDPBackend"

_backend_names = {
    "cudnn": "CUDNN_ATTENTION",
    "flash": "FLASH_ATTENTION",
    "mem_efficient": "EFFICIENT_ATTENTION",
    "math": "MATH",
    "overrideable": "OVERRIDEABLE",
}
# The priority order PyTorch starts with (torch._C._get_sdp_priority_order()): flash, efficient,
# math, cudnn, overrideable as ints of SDPBackend.
_priority = [1, 2, 0, 3, 4]


def _backend_from_string(name):
    return getattr(SDPBackend, name)


def _cur_sdpa_kernel_backends(with_priority=False):
    backends = []
    for name, val in _backend_names.items():
        if getattr(torch.backends.cuda, f"{name}_sdp_enabled")():
            backends.append(getattr(SDPBackend, val))
    if with_priority:
        backends = sorted(backends, key=lambda backend: _priority.index(int(backend)))
    return backends


def _sdpa_kernel(backends, set_priority=False):
    global _priority
    for name, val in _backend_names.items():
        enabled = getattr(SDPBackend, val) in backends
        getattr(torch.backends.cuda, f"enable_{name}_sdp")(enabled)
    if set_priority:
        user_priority = [int(backend) for backend in backends]
        for backend in _priority:
            if backend not in user_priority:
                user_priority.append(int(backend))
        _priority = user_priority


@contextlib.contextmanager
def sdpa_kernel(backends, set_priority=False):
    if not isinstance(backends, (list, SDPBackend)):
        raise AssertionError(
            "Backend must be an instance of SDPBackend or a list of SDPBackend instances, "
            f"got {type(backends).__name__}"
        )
    if isinstance(backends, SDPBackend):
        backends = [backends]
    backends = list(dict.fromkeys(backends))
    previous_backends = _cur_sdpa_kernel_backends(with_priority=set_priority)
    try:
        _sdpa_kernel(backends, set_priority)
        yield {}
    finally:
        _sdpa_kernel(previous_backends, set_priority)


# variadic version of sdpa_kernel (PyTorch's Dynamo reconstructs the context with it)
@contextlib.contextmanager
def _sdpa_kernel_variadic(*backends):
    with sdpa_kernel(list(backends)):
        yield


def _get_flash_version():
    return "2.5.7"
