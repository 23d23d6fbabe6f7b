# torch.backends.mha: the switch for nn.MultiheadAttention's fast path (one
# torch._native_multi_head_attention call in inference). PyTorch's forward reads it first among its
# fast-path conditions; Kiln's Dynamo reads it for the same choice (capture/dynamo/translator.cpp).
# While TorchScript compiles, the answer is True, as PyTorch's.
import torch

_is_fastpath_enabled = True


def get_fastpath_enabled():
    if not torch.jit.is_scripting():
        return _is_fastpath_enabled
    return True


def set_fastpath_enabled(value):
    global _is_fastpath_enabled
    _is_fastpath_enabled = value
