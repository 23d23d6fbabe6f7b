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
# PEP 604 unions (types.UnionType), as PyTorch 2.11 writes them: `print(torch.types.Number)` shows
# `int | float | bool`.
_size = torch.Size | list[int] | tuple[int, ...]
Number = int | float | bool
_Number = (int, float, bool)  # for isinstance(x, _Number)
_TensorOrTensors = Union[torch.Tensor, Sequence[torch.Tensor]]
Device = _device | str | int | None
Storage = object

__all__ = ["Number", "Device", "Storage"]
