# torch.types: the aliases PyTorch's own annotations use, for programs that annotate with them
# (`def f(x: torch.types.Number)`, `device: torch.types.Device = None`).
from typing import Union, Sequence, Tuple, List, Optional

import torch

_int = int
_float = float
_bool = bool
_complex = complex
_dtype = torch.dtype
_device = torch.device
_size = Union[torch.Size, List[int], Tuple[int, ...]]
Number = Union[int, float, bool]
_TensorOrTensors = Union[torch.Tensor, Sequence[torch.Tensor]]
Device = Optional[Union[torch.device, str, int]]
Storage = object

__all__ = ["Number", "Device", "Storage"]
