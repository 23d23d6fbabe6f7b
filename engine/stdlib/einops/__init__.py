# einops for Kiln: rearrange, reduce, repeat, parse_shape, einsum, pack, unpack and asnumpy on torch
# tensors (and lists of them), with einops 0.8's pattern language (named axes, parenthesised
# compositions, the ellipsis, anonymous axes, axis lengths as keywords), its order of tensor operations
# (reshape, permute, reduce, unsqueeze + expand, reshape) and its EinopsError texts; einops.layers.torch
# has the Rearrange and Reduce modules. numpy arrays work through torch.from_numpy. Left out: jax /
# tensorflow / other backends, EinMix, einops.array_api and einops.experimental.
__version__ = "0.8.1"


class EinopsError(RuntimeError):
    """Runtime error thrown by einops"""


__all__ = ["EinopsError", "asnumpy", "einsum", "pack", "parse_shape", "rearrange", "reduce", "repeat", "unpack"]

from einops.einops import asnumpy, einsum, parse_shape, rearrange, reduce, repeat
from einops.packing import pack, unpack
