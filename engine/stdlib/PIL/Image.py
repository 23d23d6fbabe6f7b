# PIL.Image for Kiln: Pillow 12's module functions and constants over torchvision._image.Image (the pixels
# as a tensor; the class prints and checks as PIL.Image.Image). open() decodes PNG files (Kiln's _png);
# other formats raise, naming PNG as the way round. fromarray() infers the mode from the array's dtype and
# shape as Pillow's _fromarray_typemap does (uint8 (H, W) L, (H, W, 3) RGB, (H, W, 4) RGBA, int32 I,
# float32 / float64 F).
import os
import builtins

import torch
from torchvision import _image
from torchvision._image import Image, NEAREST, LANCZOS, BILINEAR, BICUBIC, BOX, HAMMING, \
    FLIP_LEFT_RIGHT, FLIP_TOP_BOTTOM, ROTATE_90, ROTATE_180, ROTATE_270, TRANSPOSE, TRANSVERSE, AFFINE

from enum import IntEnum

ANTIALIAS = LANCZOS  # removed in Pillow 10, still written by older tutorials: kept as its alias
MAX_IMAGE_PIXELS = int(1024 * 1024 * 1024 // 4 // 3)


class Resampling(IntEnum):
    NEAREST = 0
    BOX = 4
    BILINEAR = 2
    HAMMING = 5
    BICUBIC = 3
    LANCZOS = 1


class Transpose(IntEnum):
    FLIP_LEFT_RIGHT = 0
    FLIP_TOP_BOTTOM = 1
    ROTATE_90 = 2
    ROTATE_180 = 3
    ROTATE_270 = 4
    TRANSPOSE = 5
    TRANSVERSE = 6


class Transform(IntEnum):
    AFFINE = 0
    EXTENT = 1
    PERSPECTIVE = 2
    QUAD = 3
    MESH = 4


# Pillow defines it in the package (PIL.UnidentifiedImageError, as tracebacks name it)
from PIL import UnidentifiedImageError


class DecompressionBombError(Exception):
    pass


_COLORS = {"black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0),
           "lime": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0), "gray": (128, 128, 128),
           "grey": (128, 128, 128)}


def _ink(mode, color):
    # the fill of Image.new: a band value, a tuple, a colour name (ImageColor.getcolor: "L" takes its luma)
    if isinstance(color, str):
        key = color.lower()
        if key not in _COLORS:
            raise ValueError(f"unknown color specifier: {color!r} (Kiln knows {', '.join(_COLORS)})")
        rgb = _COLORS[key]
        if mode in ("L", "I", "F"):
            return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) // 1000
        return rgb + (255,) if mode == "RGBA" else rgb
    if mode in ("RGB", "RGBA") and isinstance(color, (int, float)):
        # Pillow's getink of an integer on a multi-band image: the bands packed little-endian
        v = int(color)
        rgb = (v & 255, (v >> 8) & 255, (v >> 16) & 255)
        return rgb + ((v >> 24) & 255,) if mode == "RGBA" else rgb
    if mode in ("RGB", "RGBA") and len(color) == 3 and mode == "RGBA":
        return tuple(color) + (255,)
    return color


def new(mode, size, color=0):
    if mode not in _image._BANDS:
        raise ValueError(f"unrecognized image mode {mode!r} (Kiln's PIL has L, RGB, RGBA, F, I)")
    w, h = int(size[0]), int(size[1])
    if w < 0 or h < 0:
        raise ValueError("Width and height must be >= 0")
    bands = _image._BANDS[mode]
    shape = [h, w] if bands == 1 else [h, w, bands]
    dtype = torch.float32 if mode == "F" else torch.int64
    if color is None:
        color = 0
    ink = _ink(mode, color)
    data = torch.zeros(shape, dtype=dtype)
    data[...] = torch.tensor(ink, dtype=dtype)
    return Image(data, mode)


_TYPEMAP = {("uint8", 2): "L", ("uint8", 3, 3): "RGB", ("uint8", 3, 4): "RGBA", ("int32", 2): "I",
            ("float32", 2): "F", ("float64", 2): "F", ("bool", 2): "1", ("int8", 2): "I", ("int16", 2): "I",
            ("uint16", 2): "I", ("uint32", 2): "I", ("uint8", 3, 2): "LA"}
_TYPESTR = {"uint8": "|u1", "int8": "|i1", "bool": "|b1", "int16": "<i2", "uint16": "<u2", "int32": "<i4",
            "uint32": "<u4", "int64": "<i8", "uint64": "<u8", "float16": "<f2", "float32": "<f4", "float64": "<f8"}


def fromarray(obj, mode=None):
    import numpy as np
    a = np.asarray(obj)
    name = str(a.dtype)
    key = (name, a.ndim) if a.ndim == 2 else (name, a.ndim, a.shape[-1])
    typemode = _TYPEMAP.get(key)
    if typemode is None:
        shape = (1, 1) + tuple(a.shape[2:])
        raise TypeError(f"Cannot handle this data type: {shape}, {_TYPESTR.get(name, name)}")
    if mode is not None and mode != typemode:
        raise NotImplementedError(f"Image.fromarray(..., mode={mode!r}) of a {name} array (mode {typemode}): "
                                  "reading the bytes as another mode is deprecated in Pillow and not reproduced "
                                  "in Kiln; convert the array (astype) or the image (convert) instead")
    if typemode in ("1", "LA"):
        raise NotImplementedError(f"Image.fromarray: mode {typemode} images are not supported by Kiln's PIL "
                                  "(L, RGB, RGBA, I, F)")
    t = torch.from_numpy(np.ascontiguousarray(a))
    if typemode == "F":
        return Image(t.to(torch.float32), "F")
    return Image(t.to(torch.int64), typemode)


def frombytes(mode, size, data, decoder_name="raw", *args):
    import numpy as np
    w, h = int(size[0]), int(size[1])
    if mode not in ("L", "RGB", "RGBA"):
        raise NotImplementedError(f"Image.frombytes of mode {mode}: Kiln's PIL reads L, RGB and RGBA bytes")
    bands = _image._BANDS[mode]
    a = np.frombuffer(bytes(data), dtype=np.uint8)[:w * h * bands]
    return fromarray(a.reshape((h, w) if bands == 1 else (h, w, bands)))


def open(fp, mode="r", formats=None):
    if mode != "r":
        raise ValueError(f"bad mode {mode!r}")
    if isinstance(fp, (str, bytes)) or hasattr(fp, "__fspath__"):
        filename = os.fspath(fp)
        with builtins.open(filename, "rb") as f:
            data = f.read()
    else:
        filename = getattr(fp, "name", "")
        data = fp.read()
    import _png
    if data[:8] != _png.SIGNATURE:
        if data[:3] == b"\xff\xd8\xff":
            raise NotImplementedError(f"Image.open({filename!r}): a JPEG file. Kiln decodes PNG images only (it has "
                                      "no JPEG decoder); convert the images to PNG")
        raise UnidentifiedImageError(f"cannot identify image file {filename!r} (Kiln's PIL reads PNG files only)")
    im = _image._open(data, filename)
    im.format = "PNG"
    im.filename = filename if isinstance(filename, str) else ""
    return im


def merge(mode, bands):
    if mode not in ("RGB", "RGBA", "YCbCr") or len(bands) != _image._BANDS[mode]:
        raise ValueError("wrong number of bands" if mode in ("RGB", "RGBA", "YCbCr") else f"merge of mode {mode} is not supported in Kiln")
    for b in bands:
        if b.mode != "L" or b.size != bands[0].size:
            raise ValueError("mode mismatch" if b.mode != "L" else "size mismatch")
    return Image(torch.stack([b._data for b in bands], dim=2), mode)


def blend(im1, im2, alpha):
    if im1.mode != im2.mode or im1.size != im2.size:
        raise ValueError("images do not match")
    return _image._blend(im1, im2, alpha)


def isImageType(t):
    return isinstance(t, Image)
