# torch.backends.cuda: cuBLAS / SDPA switches (matmul.allow_tf32, the flash / memory-efficient /
# math attention toggles). matmul.allow_tf32 sets the float32 matmul precision; the attention
# toggles are kept so programs read back what they set (Kiln's attention is one kernel of its own).
import contextlib
import warnings

from torch._C import _SDPBackend as SDPBackend


class _MatmulFlags:
    # allow_tf32 is torch.set_float32_matmul_precision's switch seen as a flag ("high" when set,
    # "highest" when cleared), as PyTorch's cuBLASModule.
    def __init__(self):
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True

    @property
    def allow_tf32(self):
        import torch

        return torch.get_float32_matmul_precision() != "highest"

    @allow_tf32.setter
    def allow_tf32(self, value):
        import torch

        torch.set_float32_matmul_precision("high" if value else "highest")


matmul = _MatmulFlags()
_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True, "overrideable": True}


def is_built():
    import torch

    return torch.cuda.is_available()


def enable_flash_sdp(enabled):
    _sdp["flash"] = bool(enabled)


def enable_mem_efficient_sdp(enabled):
    _sdp["mem_efficient"] = bool(enabled)


def enable_math_sdp(enabled):
    _sdp["math"] = bool(enabled)


def enable_cudnn_sdp(enabled):
    _sdp["cudnn"] = bool(enabled)


def enable_overrideable_sdp(enabled):
    _sdp["overrideable"] = bool(enabled)


def overrideable_sdp_enabled():
    return _sdp["overrideable"]


def flash_sdp_enabled():
    return _sdp["flash"]


def mem_efficient_sdp_enabled():
    return _sdp["mem_efficient"]


def math_sdp_enabled():
    return _sdp["math"]


def cudnn_sdp_enabled():
    return _sdp["cudnn"]


@contextlib.contextmanager
def sdp_kernel(enable_flash=True, enable_math=True, enable_mem_efficient=True, enable_cudnn=True):
    # Deprecated in PyTorch for torch.nn.attention.sdpa_kernel, which it calls with the enabled list.
    warnings.warn(
        "`torch.backends.cuda.sdp_kernel()` is deprecated. In the future, this context manager will be removed. "
        "Please see `torch.nn.attention.sdpa_kernel()` for the new context manager, with updated signature.",
        FutureWarning,
        stacklevel=3,
    )
    from torch.nn.attention import sdpa_kernel

    backend_list = []
    if enable_flash:
        backend_list.append(SDPBackend.FLASH_ATTENTION)
    if enable_mem_efficient:
        backend_list.append(SDPBackend.EFFICIENT_ATTENTION)
    if enable_math:
        backend_list.append(SDPBackend.MATH)
    if enable_cudnn:
        backend_list.append(SDPBackend.CUDNN_ATTENTION)
    with sdpa_kernel(backend_list) as context:
        try:
            yield context
        finally:
            pass
