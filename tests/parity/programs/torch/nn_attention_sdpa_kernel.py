import torch
import torch.nn.functional as F
import torch.nn.attention as attention
from torch.nn.attention import SDPBackend, sdpa_kernel
# torch.nn.attention: the SDPBackend enum (members, repr/str, name/value, int/hash, equality,
# construction from an int), the sdpa_kernel context manager with one backend or a list (the
# flags it sets while open and restores after, its validation error), and the deprecated
# torch.backends.cuda.sdp_kernel spelling. Attention runs under MATH and FLASH_ATTENTION, which
# PyTorch has on the CPU.

print(SDPBackend.__name__, SDPBackend.__module__, type(SDPBackend.MATH).__name__)
for name in SDPBackend.__members__:
    b = SDPBackend.__members__[name]
    print(repr(b), str(b), b.name, b.value, int(b), hash(b) == hash(int(b)))
print(SDPBackend(1) == SDPBackend.FLASH_ATTENTION, SDPBackend(1) is SDPBackend.FLASH_ATTENTION)
print(SDPBackend.MATH == 0, SDPBackend.MATH != SDPBackend.FLASH_ATTENTION, SDPBackend.MATH in [SDPBackend.MATH])
print({SDPBackend.FLASH_ATTENTION: "flash"}[SDPBackend(1)], sorted([int(b) for b in {SDPBackend.MATH, SDPBackend(0)}]))
print(isinstance(SDPBackend.CUDNN_ATTENTION, SDPBackend), torch.backends.cuda.SDPBackend is SDPBackend)
print(attention.WARN_FOR_UNFUSED_KERNELS, "sdpa_kernel" in attention.__all__)

def flags():
    c = torch.backends.cuda
    return (c.flash_sdp_enabled(), c.mem_efficient_sdp_enabled(), c.math_sdp_enabled(), c.cudnn_sdp_enabled())

before = flags()
q = torch.linspace(-1.0, 1.0, 2 * 3 * 5 * 8).reshape(2, 3, 5, 8)
k = torch.cos(q * 2.0)
v = torch.sin(q * 3.0)
ref = F.scaled_dot_product_attention(q, k, v, is_causal=True)
with sdpa_kernel(SDPBackend.MATH) as ctx:
    print("math", ctx, flags(), attention._cur_sdpa_kernel_backends())
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    print(torch.allclose(out, ref, atol=1e-5), round(out.sum().item(), 4))
print(flags() == before)
with sdpa_kernel([SDPBackend.FLASH_ATTENTION, SDPBackend.MATH, SDPBackend.FLASH_ATTENTION]):
    print("flash+math", flags(), attention._cur_sdpa_kernel_backends())
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        print("nested", flags())
        out = F.scaled_dot_product_attention(q, k, v)
        print(round(out.sum().item(), 4))
    print("back", flags())
print(flags() == before)

try:
    with sdpa_kernel("flash"):
        pass
except AssertionError as e:
    print("AssertionError:", e)
try:
    with sdpa_kernel((SDPBackend.MATH,)):
        pass
except AssertionError as e:
    print("AssertionError:", e)
print(flags() == before)

# an exception inside the block still restores the flags
try:
    with sdpa_kernel([SDPBackend.MATH]):
        raise ValueError("inside")
except ValueError as e:
    print(e, flags() == before)

import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    with torch.backends.cuda.sdp_kernel(enable_flash=False, enable_mem_efficient=False, enable_cudnn=False) as c:
        print("sdp_kernel", c, flags())
        out = F.scaled_dot_product_attention(q, k, v)
        print(round(out.sum().item(), 4))
    print(len(w), w[0].category.__name__, str(w[0].message)[:60])
print(flags() == before)
