# torch.backends.cuda: cuBLAS / SDPA switches (matmul.allow_tf32, the flash / memory-efficient /
# math attention toggles). Kept so programs read back what they set; Kiln's CUDA matmuls follow
# their own precision (engine/cuda/README.md) and its attention is one kernel of its own.
import contextlib


class _MatmulFlags:
    def __init__(self):
        self.allow_tf32 = False
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True


matmul = _MatmulFlags()
_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True}


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
    saved = dict(_sdp)
    _sdp.update(flash=enable_flash, math=enable_math, mem_efficient=enable_mem_efficient, cudnn=enable_cudnn)
    try:
        yield
    finally:
        _sdp.update(saved)
