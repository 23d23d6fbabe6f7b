# torchvision.transforms.v2 for Kiln: the v1 classes under v2's names, which compute the same images on
# plain tensors, plus v2's ToImage, ToDtype (scale=) and ToPureTensor. Not reproduced: tv_tensors
# (bounding boxes, masks travelling with the image), v2's reprs (v2 prints every argument), and v2's
# batched-sample handling of tuples and dicts (a v2 transform here takes one image).
from typing import Dict, Optional, Type, Union

import torch

from torchvision.transforms.transforms import *
from torchvision.transforms import functional
from torchvision.transforms import functional as _F


class ToImage:
    def __call__(self, inpt):
        if isinstance(inpt, torch.Tensor):
            return inpt if inpt.ndim >= 3 else inpt.unsqueeze(0)
        if type(inpt).__name__ == "ndarray":
            t = torch.from_numpy(inpt)
            if t.ndim == 2:
                t = t.unsqueeze(-1)
            return t.permute(2, 0, 1).contiguous()
        return _F.pil_to_tensor(inpt)

    def __repr__(self):
        return "ToImage()"


class ToDtype(torch.nn.Module):
    def __init__(self, dtype: Union[torch.dtype, dict[Union[Type, str], Optional[torch.dtype]]],
                 scale: bool = False) -> None:
        super().__init__()
        self.dtype = dtype
        self.scale = scale

    def forward(self, inpt):
        if isinstance(self.dtype, dict):
            raise NotImplementedError("ToDtype with a dict of dtypes (tv_tensors) is not supported in Kiln")
        if not self.scale:
            return inpt.to(self.dtype)
        if inpt.dtype == torch.int64 and not torch.tensor(0, dtype=self.dtype).is_floating_point():
            return inpt.to(self.dtype)
        if inpt.dtype == torch.int64 and int(inpt.max()) <= 255 and int(inpt.min()) >= 0:
            # images held as int64 because Kiln has no uint8: scale as uint8 (divide by 255)
            return inpt.to(self.dtype).div(255)
        return _F.convert_image_dtype(inpt, self.dtype)

    def __repr__(self):
        return f"ToDtype(scale={self.scale})"


class ToPureTensor:
    def __call__(self, inpt):
        return inpt

    def __repr__(self):
        return "ToPureTensor()"
