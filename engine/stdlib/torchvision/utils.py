# torchvision.utils: make_grid with torchvision 0.26's exact semantics (list or 4-D batch, single-channel
# images tripled, normalize / value_range / scale_each, padding, pad_value, nrow) and save_image, which
# writes the grid as an 8-bit RGB PNG: PIL is absent from Kiln, so the file is encoded here (zlib stream
# of stored deflate blocks, CRC-32 and Adler-32 computed in Python): the pixels are those torchvision
# saves, the compressed bytes differ from PIL's. Only PNG is written (other formats raise). Left out:
# draw_bounding_boxes, draw_segmentation_masks, draw_keypoints, flow_to_image.
# _log_api_usage_once is here because every torchvision model/op constructor calls it (and model files
# vendored from torchvision import it): PyTorch sends the qualified name to its API-usage logger, which
# prints nothing; Kiln has no such logger, so the name is formed and dropped.
import math
import os
import pathlib
from types import FunctionType
from typing import Any, BinaryIO, List, Optional, Tuple, Union

import torch


def _log_api_usage_once(obj: Any) -> None:
    module = obj.__module__
    if not module.startswith("torchvision"):
        module = f"torchvision.internal.{module}"
    name = obj.__class__.__name__
    if isinstance(obj, FunctionType):
        name = obj.__name__
    return None


@torch.no_grad()
def make_grid(tensor: Union[torch.Tensor, list[torch.Tensor]], nrow: int = 8, padding: int = 2, normalize: bool = False,
              value_range: Optional[tuple[int, int]] = None, scale_each: bool = False,
              pad_value: float = 0.0) -> torch.Tensor:
    if not torch.is_tensor(tensor):
        if isinstance(tensor, list):
            for t in tensor:
                if not torch.is_tensor(t):
                    raise TypeError(f"tensor or list of tensors expected, got a list containing {type(t)}")
        else:
            raise TypeError(f"tensor or list of tensors expected, got {type(tensor)}")
    if isinstance(tensor, list):
        tensor = torch.stack(tensor, dim=0)
    if tensor.dim() == 2:
        tensor = tensor.unsqueeze(0)
    if tensor.dim() == 3:
        if tensor.size(0) == 1:
            tensor = torch.cat((tensor, tensor, tensor), 0)
        tensor = tensor.unsqueeze(0)
    if tensor.dim() == 4 and tensor.size(1) == 1:
        tensor = torch.cat((tensor, tensor, tensor), 1)
    if normalize is True:
        tensor = tensor.clone()
        if value_range is not None and not isinstance(value_range, tuple):
            raise TypeError("value_range has to be a tuple (min, max) if specified. min and max are numbers")

        def norm_ip(img, low, high):
            img.clamp_(min=low, max=high)
            img.sub_(low).div_(max(high - low, 1e-5))

        def norm_range(t, value_range):
            if value_range is not None:
                norm_ip(t, value_range[0], value_range[1])
            else:
                norm_ip(t, float(t.min()), float(t.max()))

        if scale_each is True:
            for t in tensor:
                norm_range(t, value_range)
        else:
            norm_range(tensor, value_range)
    if not isinstance(tensor, torch.Tensor):
        raise TypeError("tensor should be of type torch.Tensor")
    if tensor.size(0) == 1:
        return tensor.squeeze(0)
    nmaps = tensor.size(0)
    xmaps = min(nrow, nmaps)
    ymaps = int(math.ceil(float(nmaps) / xmaps))
    height, width = int(tensor.size(2) + padding), int(tensor.size(3) + padding)
    num_channels = tensor.size(1)
    grid = tensor.new_full((num_channels, height * ymaps + padding, width * xmaps + padding), pad_value)
    k = 0
    for y in range(ymaps):
        for x in range(xmaps):
            if k >= nmaps:
                break
            grid.narrow(1, y * height + padding, height - padding).narrow(
                2, x * width + padding, width - padding
            ).copy_(tensor[k])
            k = k + 1
    return grid


_CRC_TABLE = []


def _crc32(data, crc=0):
    if not _CRC_TABLE:
        for n in range(256):
            c = n
            for _ in range(8):
                c = (0xEDB88320 ^ (c >> 1)) if (c & 1) else (c >> 1)
            _CRC_TABLE.append(c)
    table = _CRC_TABLE
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c = table[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def _adler32(values):
    # values: int64 tensor of the bytes; a = 1 + sum, b = sum over i of a after byte i, both mod 65521
    n = values.numel()
    a = (1 + int(values.sum())) % 65521
    weights = torch.arange(n, 0, -1, dtype=torch.int64)
    b = (n + int((values * weights).sum())) % 65521
    return (b << 16) | a


def _be32(v):
    return bytes([(v >> 24) & 0xFF, (v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF])


def _chunk(kind, payload):
    body = kind + payload
    return _be32(len(payload)) + body + _be32(_crc32(body))


def _png_bytes(pixels, palette=None):
    # pixels: int64 tensor (H, W, 1, 3 or 4) of 0..255 -> PNG file bytes (8-bit grey, RGB or RGBA:
    # colour type 0, 2 or 6, no interlace); with palette (an int64 (256, 3) tensor), (H, W, 1) indices
    # as an 8-bit palette image (colour type 3, PLTE of all 256 entries)
    h, w, c = pixels.shape
    rows = torch.cat([torch.zeros((h, 1), dtype=torch.int64), pixels.reshape(h, w * c)], dim=1).reshape(-1)
    raw = bytes(rows.tolist())
    out = [b"\x78\x01"]
    pos = 0
    n = len(raw)
    while True:
        block = raw[pos:pos + 65535]
        pos += len(block)
        final = pos >= n
        ln = len(block)
        out.append(bytes([1 if final else 0, ln & 0xFF, ln >> 8, (ln ^ 0xFFFF) & 0xFF, (ln ^ 0xFFFF) >> 8]))
        out.append(block)
        if final:
            break
    out.append(_be32(_adler32(rows)))
    idat = b"".join(out)
    ihdr = _be32(w) + _be32(h) + bytes([8, 3 if palette is not None else {1: 0, 3: 2, 4: 6}[c], 0, 0, 0])
    plte = b"" if palette is None else _chunk(b"PLTE", bytes(palette.reshape(-1).tolist()))
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + plte + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def _is_path(fp):
    return isinstance(fp, str) or hasattr(fp, "__fspath__")


@torch.no_grad()
def save_image(tensor: Union[torch.Tensor, list[torch.Tensor]], fp: Union[str, pathlib.Path, BinaryIO],
               format: Optional[str] = None, **kwargs) -> None:
    grid = make_grid(tensor, **kwargs)
    # Add 0.5 after unnormalizing to [0, 255] to round to the nearest integer (torchvision's rounding)
    pixels = torch.trunc(grid.mul(255).add_(0.5).clamp_(0, 255)).permute(1, 2, 0).to("cpu", torch.int64)
    fmt = format
    if fmt is None and _is_path(fp):
        ext = os.path.splitext(os.fspath(fp) if hasattr(fp, "__fspath__") else fp)[1].lower()
        fmt = ext[1:] if ext else None
    if fmt is None:
        raise ValueError("unknown file extension: cannot tell the image format (pass format='png')")
    if fmt.lower() != "png":
        raise NotImplementedError(
            f"save_image as {fmt.upper()}: Kiln has no PIL and encodes PNG only (use a .png file name)"
        )
    if pixels.size(2) != 3:
        raise NotImplementedError(f"save_image of {pixels.size(2)}-channel images: Kiln writes RGB PNGs only")
    data = _png_bytes(pixels.contiguous())
    if _is_path(fp):
        with open(fp, "wb") as f:
            f.write(data)
    else:
        fp.write(data)
