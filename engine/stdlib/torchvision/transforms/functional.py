# torchvision.transforms.functional: the image functions behind the transforms, on tensors (..., C, H, W)
# as torchvision 0.26's tensor backend computes them, and on the PIL stand-in images of torchvision._image
# for to_tensor, pil_to_tensor, to_pil_image, crop, center_crop, pad (constant), hflip, vflip,
# rgb_to_grayscale and resize (PIL's own filters and fixed-point arithmetic, torchvision._image). Also numpy arrays (H, W, C) for to_tensor. Covered: get_dimensions,
# get_image_size, get_image_num_channels, to_tensor, pil_to_tensor, to_pil_image, convert_image_dtype,
# normalize, resize (bilinear with antialias as torchvision's default, nearest, bicubic without
# antialias), crop, center_crop, resized_crop, pad (constant, edge, reflect, symmetric), hflip, vflip,
# rgb_to_grayscale / to_grayscale, adjust_brightness / contrast / saturation / hue (also on PIL images, as
# Pillow's ImageEnhance and HSV conversion compute them), erase, five_crop,
# ten_crop, rotate / affine (grid_sample, nearest or bilinear), gaussian_blur, InterpolationMode. Left out:
# perspective, posterize,
# equalize, autocontrast, sharpness, elastic (each raises NotImplementedError naming itself);
# invert, solarize and adjust_gamma are in.
import math
import warnings
from enum import Enum
from typing import Any, List, Optional, Tuple, Union

import numpy as np
import torch
import torch.nn.functional as _F
from torch import Tensor

from torchvision._image import Image as _Image, _is_pil_image, _pil_error
# torchvision's `from PIL.Image import Image as PILImage`: the same class, taken where Kiln defines it
# (Kiln's PIL.Image imports torchvision, so importing it here would be circular).
from torchvision._image import Image as PILImage
from torchvision import _image as _pil


class InterpolationMode(Enum):
    NEAREST = "nearest"
    NEAREST_EXACT = "nearest-exact"
    BILINEAR = "bilinear"
    BICUBIC = "bicubic"
    BOX = "box"
    HAMMING = "hamming"
    LANCZOS = "lanczos"


def _interpolation_modes_from_int(i: int) -> InterpolationMode:
    inverse_modes_mapping = {
        0: InterpolationMode.NEAREST,
        2: InterpolationMode.BILINEAR,
        3: InterpolationMode.BICUBIC,
        4: InterpolationMode.BOX,
        5: InterpolationMode.HAMMING,
        1: InterpolationMode.LANCZOS,
    }
    return inverse_modes_mapping[i]


def _is_numpy(img: Any) -> bool:
    return type(img).__name__ == "ndarray"


def _is_tensor_image(img):
    return isinstance(img, torch.Tensor) and img.ndim >= 2


def _assert_image_tensor(img: Tensor) -> None:
    if not _is_tensor_image(img):
        raise TypeError("Tensor is not a torch image.")


def get_dimensions(img: Tensor) -> list[int]:
    if isinstance(img, torch.Tensor):
        _assert_image_tensor(img)
        channels = 1 if img.ndim == 2 else img.shape[-3]
        height, width = img.shape[-2:]
        return [channels, height, width]
    if _is_pil_image(img):
        return [len(img.getbands()), img.height, img.width]
    raise TypeError(f"Unexpected type {type(img)}")


def get_image_size(img: Tensor) -> list[int]:
    _, h, w = get_dimensions(img)
    return [w, h]


def get_image_num_channels(img: Tensor) -> int:
    return get_dimensions(img)[0]


# ---- conversions --------------------------------------------------------------------------------------


def to_tensor(pic: Union[PILImage, np.ndarray]) -> Tensor:
    if not (_is_pil_image(pic) or _is_numpy(pic)):
        raise TypeError(f"pic should be PIL Image or ndarray. Got {type(pic)}")
    if _is_numpy(pic):
        if pic.ndim not in {2, 3}:
            raise ValueError(f"pic should be 2/3 dimensional. Got {pic.ndim} dimensions.")
        if pic.ndim == 2:
            pic = pic[:, :, None]
        img = torch.from_numpy(pic.transpose((2, 0, 1))).contiguous()
        # torchvision's backward-compatible rule: a uint8 array (an image's bytes) is scaled to [0, 1]
        # in the default float dtype; every other dtype is handed back as it is
        if img.dtype == torch.uint8:
            return img.to(dtype=torch.get_default_dtype()).div(255)
        return img
    data = pic._data
    if data.ndim == 2:
        data = data.unsqueeze(2)
    img = data.permute(2, 0, 1).contiguous()
    # mode F / I images come back as float32 / int32, unscaled (torchvision: only ByteTensors are divided)
    if pic.mode in ("F", "I"):
        return img if pic.mode == "F" else img.to(torch.int32)
    # PIL images hold bytes: ToTensor scales them to [0, 1] in the default float dtype
    return img.to(dtype=torch.get_default_dtype()).div(255)


def pil_to_tensor(pic: Any) -> Tensor:
    # uint8 (C, H, W), as torchvision (the stand-in holds its pixels as int64 0..255)
    if not _is_pil_image(pic):
        raise TypeError(f"pic should be PIL Image. Got {type(pic)}")
    data = pic._data
    if data.ndim == 2:
        data = data.unsqueeze(2)
    img = data.permute(2, 0, 1).contiguous()
    if pic.mode in ("F", "I"):
        return img if pic.mode == "F" else img.to(torch.int32)
    return img.to(torch.uint8)


def _to_bytes(t):
    # Tensor.byte() of a float tensor: truncation toward zero, then the low 8 bits (what PyTorch's
    # float -> uint8 conversion gives on x86 for values outside 0..255), held as int64 0..255
    return torch.remainder(torch.trunc(t).long(), 256)


def to_pil_image(pic, mode=None):
    if _is_numpy(pic):
        if pic.ndim == 2:
            pic = pic[:, :, None]
        pic = torch.from_numpy(pic.transpose((2, 0, 1)).copy())
    elif not isinstance(pic, torch.Tensor):
        raise TypeError(f"pic should be Tensor or ndarray. Got {type(pic)}.")
    if pic.ndim not in {2, 3}:
        raise ValueError(f"pic should be 2/3 dimensional. Got {pic.ndimension()} dimensions.")
    if pic.ndim == 2:
        pic = pic.unsqueeze(0)
    if pic.shape[-3] > 4:
        raise ValueError(f"pic should not have > 4 channels. Got {pic.shape[-3]} channels.")
    if pic.is_floating_point() and mode != "F":
        pic = _to_bytes(pic.mul(255))
    elif pic.dtype == torch.int64 or pic.dtype == torch.bool:
        pic = pic.long()
    if mode == "F":
        raise NotImplementedError("to_pil_image(mode='F'): float images are not supported by Kiln's PIL stand-in")
    c = pic.shape[0]
    hwc = pic.permute(1, 2, 0).contiguous()
    if c == 1:
        expected = "L"
        data = hwc[:, :, 0]
    elif c == 3:
        expected = "RGB"
        data = hwc
    elif c == 4:
        expected = "RGBA"
        data = hwc
    else:
        raise TypeError(f"Input type {pic.dtype} is not supported")
    if mode is not None and mode != expected:
        raise ValueError(f"Only modes {[expected]} are supported for {c}D inputs in Kiln's PIL stand-in")
    return _Image(data, expected)


_INT_MAX = {"torch.bool": 1, "torch.uint8": 255, "torch.int8": 127, "torch.int16": 32767,
            "torch.int32": 2147483647, "torch.int64": 9223372036854775807}


def _max_value(dtype: torch.dtype) -> int:
    # by name: Kiln may lack the narrow integer dtypes (uint8, int8, int16, int32)
    return _INT_MAX.get(str(dtype), 1.0)


def _is_int_dtype(dtype):
    return str(dtype) in _INT_MAX and str(dtype) != "torch.bool"


def convert_image_dtype(image: torch.Tensor, dtype: torch.dtype = torch.float) -> torch.Tensor:
    if not isinstance(image, torch.Tensor):
        raise TypeError("Input img should be Tensor Image")
    if image.dtype == dtype:
        return image
    if image.is_floating_point():
        if torch.tensor(0, dtype=dtype).is_floating_point():
            return image.to(dtype)
        if (image.dtype == torch.float32 and str(dtype) in ("torch.int32", "torch.int64")) or (
            image.dtype == torch.float64 and dtype == torch.int64
        ):
            raise RuntimeError(f"The cast from {image.dtype} to {dtype} cannot be performed safely.")
        eps = 1e-3
        max_val = float(_max_value(dtype))
        return image.mul(max_val + 1.0 - eps).to(dtype)
    input_max = float(_max_value(image.dtype))
    if torch.tensor(0, dtype=dtype).is_floating_point():
        return image.to(dtype) / input_max
    output_max = float(_max_value(dtype))
    if input_max > output_max:
        factor = int((input_max + 1) // (output_max + 1))
        return torch.div(image, factor, rounding_mode="floor").to(dtype)
    factor = int((output_max + 1) // (input_max + 1))
    return image.to(dtype) * factor


def normalize(tensor: Tensor, mean: list[float], std: list[float], inplace: bool = False) -> Tensor:
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"img should be Tensor Image. Got {type(tensor)}")
    if not tensor.is_floating_point():
        raise TypeError(f"Input tensor should be a float tensor. Got {tensor.dtype}.")
    if tensor.ndim < 3:
        raise ValueError(
            f"Expected tensor to be a tensor image of size (..., C, H, W). Got tensor.size() = {tensor.size()}"
        )
    if not inplace:
        tensor = tensor.clone()
    dtype = tensor.dtype
    mean = torch.as_tensor(mean, dtype=dtype, device=tensor.device)
    std = torch.as_tensor(std, dtype=dtype, device=tensor.device)
    if (std == 0).any():
        raise ValueError(f"std evaluated to zero after conversion to {dtype}, leading to division by zero.")
    if mean.ndim == 1:
        mean = mean.view(-1, 1, 1)
    if std.ndim == 1:
        std = std.view(-1, 1, 1)
    return tensor.sub_(mean).div_(std)


# ---- geometry -----------------------------------------------------------------------------------------


def _compute_resized_output_size(image_size: tuple[int, int], size: Optional[list[int]],
                                 max_size: Optional[int] = None) -> list[int]:
    h, w = image_size
    short, long = (w, h) if w <= h else (h, w)
    if size is None or len(size) == 1:
        if size is None:
            if max_size is None:
                raise ValueError("max_size must be an integer when size is None, but got None instead.")
            requested_new_short = None
            new_short, new_long = int(max_size * short / long), max_size
        else:
            requested_new_short = size[0]
            new_short, new_long = requested_new_short, int(requested_new_short * long / short)
            if max_size is not None:
                if max_size <= requested_new_short:
                    raise ValueError(
                        f"max_size = {max_size} must be strictly greater than the requested "
                        f"size for the smaller edge size = {size}"
                    )
                if new_long > max_size:
                    new_short, new_long = int(max_size * new_short / new_long), max_size
        new_w, new_h = (new_short, new_long) if w <= h else (new_long, new_short)
    else:
        new_w, new_h = size[1], size[0]
    return [new_h, new_w]


def resize(img: Tensor, size: list[int], interpolation: InterpolationMode = InterpolationMode.BILINEAR,
           max_size: Optional[int] = None, antialias: Optional[bool] = True) -> Tensor:
    if isinstance(interpolation, int):
        interpolation = _interpolation_modes_from_int(interpolation)
    elif not isinstance(interpolation, InterpolationMode):
        raise TypeError("Argument interpolation should be a InterpolationMode or a corresponding Pillow integer constant")
    if isinstance(size, (list, tuple)):
        if len(size) not in [1, 2]:
            raise ValueError(f"Size must be an int or a 1 or 2 element tuple/list, not a {len(size)} element tuple/list")
        if max_size is not None and len(size) != 1:
            raise ValueError(
                "max_size should only be passed if size is None or specifies the length of the smaller edge, "
                "i.e. size should be an int or a sequence of length 1 in torchscript mode."
            )
    _, image_height, image_width = get_dimensions(img)
    if isinstance(size, int):
        size = [size]
    output_size = _compute_resized_output_size((image_height, image_width), size, max_size)
    if [image_height, image_width] == output_size:
        return img
    if _is_pil_image(img):
        if antialias is False:
            warnings.warn("Anti-alias option is always applied for PIL Image input. Argument antialias is ignored.")
        return img.resize((output_size[1], output_size[0]), _PIL_MODES[interpolation.value])
    mode = interpolation.value
    if mode not in ("nearest", "nearest-exact", "bilinear", "bicubic"):
        raise NotImplementedError(f"resize with interpolation={mode} on tensors: torchvision supports nearest, "
                                  "nearest-exact, bilinear and bicubic there")
    if antialias is None:
        antialias = False
    if antialias and mode not in ("bilinear", "bicubic"):
        antialias = False
    if antialias and mode == "bicubic":
        raise NotImplementedError("resize(interpolation=BICUBIC, antialias=True) is not supported in Kiln; "
                                  "pass antialias=False or use BILINEAR")
    squeeze = img.ndim < 4
    x = img.unsqueeze(0) if squeeze else img
    out_dtype = x.dtype
    cast = out_dtype not in (torch.float32, torch.float64)
    if cast:
        x = x.to(torch.float32)
    align = False if mode in ("bilinear", "bicubic") else None
    x = _F.interpolate(x, size=output_size, mode=mode, align_corners=align, antialias=antialias)
    if squeeze:
        x = x.squeeze(0)
    if cast:
        if _is_int_dtype(out_dtype):
            x = torch.round(x)
        x = x.to(out_dtype)
    return x


def crop(img: Tensor, top: int, left: int, height: int, width: int) -> Tensor:
    if _is_pil_image(img):
        return img.crop((left, top, left + width, top + height))
    _assert_image_tensor(img)
    _, h, w = get_dimensions(img)
    right = left + width
    bottom = top + height
    if left < 0 or top < 0 or right > w or bottom > h:
        padding_ltrb = [
            max(-left + min(0, right), 0),
            max(-top + min(0, bottom), 0),
            max(right - max(w, left), 0),
            max(bottom - max(h, top), 0),
        ]
        return pad(img[..., max(top, 0):bottom, max(left, 0):right], padding_ltrb, fill=0)
    return img[..., top:bottom, left:right]


def center_crop(img: Tensor, output_size: list[int]) -> Tensor:
    if isinstance(output_size, (int, float)):
        output_size = (int(output_size), int(output_size))
    elif isinstance(output_size, (tuple, list)) and len(output_size) == 1:
        output_size = (output_size[0], output_size[0])
    _, image_height, image_width = get_dimensions(img)
    crop_height, crop_width = output_size
    if crop_width > image_width or crop_height > image_height:
        padding_ltrb = [
            (crop_width - image_width) // 2 if crop_width > image_width else 0,
            (crop_height - image_height) // 2 if crop_height > image_height else 0,
            (crop_width - image_width + 1) // 2 if crop_width > image_width else 0,
            (crop_height - image_height + 1) // 2 if crop_height > image_height else 0,
        ]
        img = pad(img, padding_ltrb, fill=0)
        _, image_height, image_width = get_dimensions(img)
        if crop_width == image_width and crop_height == image_height:
            return img
    crop_top = int(round((image_height - crop_height) / 2.0))
    crop_left = int(round((image_width - crop_width) / 2.0))
    return crop(img, crop_top, crop_left, crop_height, crop_width)


def resized_crop(img: Tensor, top: int, left: int, height: int, width: int, size: list[int],
                 interpolation: InterpolationMode = InterpolationMode.BILINEAR,
                 antialias: Optional[bool] = True) -> Tensor:
    img = crop(img, top, left, height, width)
    return resize(img, size, interpolation, antialias=antialias)


def _parse_pad_padding(padding: Union[int, list[int]]) -> list[int]:
    if isinstance(padding, int):
        return [padding, padding, padding, padding]
    if len(padding) == 1:
        return [padding[0]] * 4
    if len(padding) == 2:
        return [padding[0], padding[1], padding[0], padding[1]]
    return list(padding)


def _pad_symmetric(img: Tensor, padding: list[int]) -> Tensor:
    # padding: [left, right, top, bottom]; mirror including the edge pixel, as torchvision's _pad_symmetric
    in_sizes = img.size()
    h, w = in_sizes[-2], in_sizes[-1]
    x_indices = [i for i in range(w)]
    left_indices = [i for i in range(padding[0] - 1, -1, -1)]
    right_indices = [-(i + 1) for i in range(padding[1])]
    x_idx = torch.tensor([x_indices[i] for i in left_indices] + x_indices + [x_indices[i] for i in right_indices])
    y_indices = [i for i in range(h)]
    top_indices = [i for i in range(padding[2] - 1, -1, -1)]
    bottom_indices = [-(i + 1) for i in range(padding[3])]
    y_idx = torch.tensor([y_indices[i] for i in top_indices] + y_indices + [y_indices[i] for i in bottom_indices])
    return torch.index_select(torch.index_select(img, -1, x_idx), -2, y_idx)


def _pil_pad_numpy(img, pad_left, pad_top, pad_right, pad_bottom, padding_mode):
    # torchvision's _functional_pil.pad for edge / reflect / symmetric: a negative padding crops first,
    # then the pixels go through np.pad and back through Image.fromarray (a palette image keeps its palette)
    import numpy as np
    from PIL import Image
    if pad_left < 0 or pad_top < 0 or pad_right < 0 or pad_bottom < 0:
        crop_left, crop_top, crop_right, crop_bottom = [-min(p, 0) for p in (pad_left, pad_top, pad_right, pad_bottom)]
        img = img.crop((crop_left, crop_top, img.width - crop_right, img.height - crop_bottom))
        pad_left, pad_top, pad_right, pad_bottom = [max(p, 0) for p in (pad_left, pad_top, pad_right, pad_bottom)]
    if img.mode == "P":
        palette = img.getpalette()
        a = np.asarray(img)
        a = np.pad(a, ((pad_top, pad_bottom), (pad_left, pad_right)), mode=padding_mode)
        out = Image.fromarray(a)
        out.putpalette(palette)
        return out
    a = np.asarray(img)
    if len(a.shape) == 3:
        a = np.pad(a, ((pad_top, pad_bottom), (pad_left, pad_right), (0, 0)), padding_mode)
    if len(a.shape) == 2:
        a = np.pad(a, ((pad_top, pad_bottom), (pad_left, pad_right)), padding_mode)
    return Image.fromarray(a)


def pad(img: Tensor, padding: list[int], fill: Union[int, float] = 0, padding_mode: str = "constant") -> Tensor:
    if not isinstance(padding, (int, tuple, list)):
        raise TypeError("Got inappropriate padding arg")
    if isinstance(padding, (tuple, list)) and len(padding) not in [1, 2, 4]:
        raise ValueError(f"Padding must be an int or a 1, 2, or 4 element tuple, not a {len(padding)} element tuple")
    if padding_mode not in ["constant", "edge", "reflect", "symmetric"]:
        raise ValueError("Padding mode should be either constant, edge, reflect or symmetric")
    left, top, right, bottom = _parse_pad_padding(padding)
    if _is_pil_image(img):
        if padding_mode != "constant":
            return _pil_pad_numpy(img, left, top, right, bottom, padding_mode)
        d = img._data
        h, w = img.height, img.width
        shape = [h + top + bottom, w + left + right] + list(d.shape[2:])
        out = torch.zeros(shape, dtype=torch.int64)
        if isinstance(fill, (tuple, list)):
            out[...] = torch.tensor(list(fill), dtype=torch.int64)
        else:
            out.fill_(int(fill))
        out[top:top + h, left:left + w] = d
        return img._new(out)  # a palette image keeps its palette, as torchvision's _pil pad puts it back
    _assert_image_tensor(img)
    if fill is None:
        fill = 0
    p = [left, right, top, bottom]
    if padding_mode == "symmetric":
        if min(p) < 0:
            raise ValueError("pad: negative symmetric padding is not supported in Kiln")
        return _pad_symmetric(img, p)
    if padding_mode == "constant":
        return _F.pad(img, p, mode="constant", value=float(fill))
    mode = "replicate" if padding_mode == "edge" else "reflect"
    squeeze = img.ndim < 4
    x = img.unsqueeze(0) if squeeze else img
    out_dtype = x.dtype
    cast = not x.is_floating_point()
    if cast:
        x = x.to(torch.float32)
    x = _F.pad(x, p, mode=mode)
    if squeeze:
        x = x.squeeze(0)
    if cast:
        x = x.to(out_dtype)
    return x


def hflip(img: Tensor) -> Tensor:
    if _is_pil_image(img):
        return img.transpose(0)
    _assert_image_tensor(img)
    return img.flip(-1)


def vflip(img: Tensor) -> Tensor:
    if _is_pil_image(img):
        return img.transpose(1)
    _assert_image_tensor(img)
    return img.flip(-2)


def five_crop(img: Tensor, size: list[int]) -> tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    if isinstance(size, (int, float)):
        size = (int(size), int(size))
    elif isinstance(size, (tuple, list)) and len(size) == 1:
        size = (size[0], size[0])
    if len(size) != 2:
        raise ValueError("Please provide only two dimensions (h, w) for size.")
    _, image_height, image_width = get_dimensions(img)
    crop_height, crop_width = size
    if crop_width > image_width or crop_height > image_height:
        raise ValueError(f"Requested crop size {size} is bigger than input size {(image_height, image_width)}")
    tl = crop(img, 0, 0, crop_height, crop_width)
    tr = crop(img, 0, image_width - crop_width, crop_height, crop_width)
    bl = crop(img, image_height - crop_height, 0, crop_height, crop_width)
    br = crop(img, image_height - crop_height, image_width - crop_width, crop_height, crop_width)
    center = center_crop(img, [crop_height, crop_width])
    return tl, tr, bl, br, center


def ten_crop(img: Tensor, size: list[int], vertical_flip: bool = False
             ) -> tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    if isinstance(size, (int, float)):
        size = (int(size), int(size))
    elif isinstance(size, (tuple, list)) and len(size) == 1:
        size = (size[0], size[0])
    first_five = five_crop(img, size)
    img = vflip(img) if vertical_flip else hflip(img)
    return first_five + five_crop(img, size)


# ---- colour -------------------------------------------------------------------------------------------


def rgb_to_grayscale(img: Tensor, num_output_channels: int = 1) -> Tensor:
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    if _is_pil_image(img):
        g = img.convert("L")
        return g if num_output_channels == 1 else g.convert("RGB")
    _assert_image_tensor(img)
    c = get_dimensions(img)[0]
    if c not in (1, 3):
        raise TypeError(f"Input image tensor permitted channel values are [1, 3], but found {c}")
    if c == 3:
        r, g, b = img.unbind(dim=-3)
        l_img = (0.2989 * r + 0.587 * g + 0.114 * b).to(img.dtype)
        l_img = l_img.unsqueeze(dim=-3)
    else:
        l_img = img.clone()
    if num_output_channels == 3:
        return l_img.expand(img.shape)
    return l_img


def to_grayscale(img, num_output_channels=1):
    return rgb_to_grayscale(img, num_output_channels)


def _tensor_only(img, name):
    if _is_pil_image(img):
        raise NotImplementedError(f"{name} of a PIL image is not reproduced in Kiln (there is no PIL): "
                                  "put transforms.ToTensor() first")
    _assert_image_tensor(img)


def _blend(img1: Tensor, img2: Tensor, ratio: float) -> Tensor:
    ratio = float(ratio)
    bound = _max_value(img1.dtype)
    return (ratio * img1 + (1.0 - ratio) * img2).clamp(0, bound).to(img1.dtype)


def adjust_brightness(img: Tensor, brightness_factor: float) -> Tensor:
    if brightness_factor < 0:
        raise ValueError(f"brightness_factor ({brightness_factor}) is not non-negative.")
    if _is_pil_image(img):
        return _pil._enhance_brightness(img, brightness_factor)
    _tensor_only(img, "adjust_brightness")
    return _blend(img, torch.zeros_like(img), brightness_factor)


def adjust_contrast(img: Tensor, contrast_factor: float) -> Tensor:
    if contrast_factor < 0:
        raise ValueError(f"contrast_factor ({contrast_factor}) is not non-negative.")
    if _is_pil_image(img):
        return _pil._enhance_contrast(img, contrast_factor)
    _tensor_only(img, "adjust_contrast")
    c = get_dimensions(img)[0]
    dtype = img.dtype if img.is_floating_point() else torch.float32
    if c == 3:
        mean = torch.mean(rgb_to_grayscale(img).to(dtype), dim=(-3, -2, -1), keepdim=True)
    else:
        mean = torch.mean(img.to(dtype), dim=(-3, -2, -1), keepdim=True)
    return _blend(img, mean, contrast_factor)


def adjust_saturation(img: Tensor, saturation_factor: float) -> Tensor:
    if saturation_factor < 0:
        raise ValueError(f"saturation_factor ({saturation_factor}) is not non-negative.")
    if _is_pil_image(img):
        return _pil._enhance_color(img, saturation_factor)
    _tensor_only(img, "adjust_saturation")
    if get_dimensions(img)[0] == 1:
        return img
    return _blend(img, rgb_to_grayscale(img), saturation_factor)


def _rgb2hsv(img: Tensor) -> Tensor:
    r, g, b = img.unbind(dim=-3)
    maxc = torch.max(img, dim=-3).values
    minc = torch.min(img, dim=-3).values
    eqc = maxc == minc
    cr = maxc - minc
    ones = torch.ones_like(maxc)
    s = cr / torch.where(eqc, ones, maxc)
    cr_divisor = torch.where(eqc, ones, cr)
    rc = (maxc - r) / cr_divisor
    gc = (maxc - g) / cr_divisor
    bc = (maxc - b) / cr_divisor
    hr = (maxc == r) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)) * (2.0 + rc - bc)
    hb = ((maxc != g) & (maxc != r)) * (4.0 + gc - rc)
    h = hr + hg + hb
    h = torch.fmod((h / 6.0 + 1.0), 1.0)
    return torch.stack((h, s, maxc), dim=-3)


def _hsv2rgb(img: Tensor) -> Tensor:
    h, s, v = img.unbind(dim=-3)
    i = torch.floor(h * 6.0)
    f = (h * 6.0) - i
    i = i.to(dtype=torch.int64)
    p = torch.clamp((v * (1.0 - s)), 0.0, 1.0)
    q = torch.clamp((v * (1.0 - s * f)), 0.0, 1.0)
    t = torch.clamp((v * (1.0 - s * (1.0 - f))), 0.0, 1.0)
    i = i % 6
    mask = i.unsqueeze(dim=-3) == torch.arange(6, device=i.device).view(-1, 1, 1)
    a1 = torch.stack((v, q, p, p, t, v), dim=-3)
    a2 = torch.stack((t, v, v, q, p, p), dim=-3)
    a3 = torch.stack((p, p, t, v, v, q), dim=-3)
    a4 = torch.stack((a1, a2, a3), dim=-4)
    return torch.einsum("...ijk, ...xijk -> ...xjk", mask.to(dtype=img.dtype), a4)


def adjust_hue(img: Tensor, hue_factor: float) -> Tensor:
    if not (-0.5 <= hue_factor <= 0.5):
        raise ValueError(f"hue_factor ({hue_factor}) is not in [-0.5, 0.5].")
    if _is_pil_image(img):
        # torchvision's PIL path: the hue band of img.convert("HSV") shifted by int(hue_factor * 255)
        # with uint8 wrap-around, merged back and converted to the input mode.
        if img.mode == "L":
            return img
        if img.mode != "RGB":
            raise NotImplementedError(f"adjust_hue of a mode {img.mode} image is not reproduced in Kiln's PIL "
                                      "stand-in (RGB and L are): convert('RGB') first")
        hsv = _pil._rgb_to_hsv(img._data)
        shift = int(hue_factor * 255) % 256
        hsv = torch.stack([(hsv[:, :, 0] + shift) % 256, hsv[:, :, 1], hsv[:, :, 2]], dim=2)
        return _Image(_pil._hsv_to_rgb(hsv), "RGB")
    _tensor_only(img, "adjust_hue")
    if get_dimensions(img)[0] == 1:
        return img
    orig_dtype = img.dtype
    img = convert_image_dtype(img, torch.float32)
    img = _rgb2hsv(img)
    h, s, v = img.unbind(dim=-3)
    h = (h + hue_factor) % 1.0
    img = torch.stack((h, s, v), dim=-3)
    img_hue_adj = _hsv2rgb(img)
    return convert_image_dtype(img_hue_adj, orig_dtype)


def erase(img: Tensor, i: int, j: int, h: int, w: int, v: Tensor, inplace: bool = False) -> Tensor:
    if not isinstance(img, torch.Tensor):
        raise TypeError(f"img should be Tensor Image. Got {type(img)}")
    if not inplace:
        img = img.clone()
    img[..., i:i + h, j:j + w] = v
    return img


def invert(img: Tensor) -> Tensor:
    if _is_pil_image(img):
        from PIL import ImageOps
        return ImageOps.invert(img)  # torchvision's _functional_pil.invert
    _tensor_only(img, "invert")
    return _max_value(img.dtype) - img


def solarize(img: Tensor, threshold: float) -> Tensor:
    if _is_pil_image(img):
        from PIL import ImageOps
        return ImageOps.solarize(img, threshold)  # torchvision's _functional_pil.solarize
    _tensor_only(img, "solarize")
    if threshold > _max_value(img.dtype):
        raise TypeError("Threshold should be less than bound of img.")
    return torch.where(img >= threshold, invert(img), img)


def adjust_gamma(img: Tensor, gamma: float, gain: float = 1) -> Tensor:
    if gamma < 0:
        raise ValueError("Gamma should be a non-negative real number")
    if _is_pil_image(img):
        # torchvision's _functional_pil.adjust_gamma: one 256-entry table per RGB band through Image.point
        input_mode = img.mode
        img = img.convert("RGB")
        gamma_map = [int((255 + 1 - 1e-3) * gain * pow(ele / 255.0, gamma)) for ele in range(256)] * 3
        return img.point(gamma_map).convert(input_mode)
    _tensor_only(img, "adjust_gamma")
    result = img
    dtype = img.dtype
    if not torch.is_floating_point(img):
        result = convert_image_dtype(result, torch.float32)
    result = (gain * result**gamma).clamp(0, 1)
    return convert_image_dtype(result, dtype)


# ---- affine warps (tensors): torchvision's inverse matrix, grid and grid_sample -----------------------


def _get_inverse_affine_matrix(center: list[float], angle: float, translate: list[float], scale: float,
                               shear: list[float], inverted: bool = True) -> list[float]:
    # the inverse of (translate . centre . rotate-scale-shear . centre^-1), as the 2x3 row-major list
    rot = math.radians(angle)
    sx = math.radians(shear[0])
    sy = math.radians(shear[1])
    cx, cy = center
    tx, ty = translate
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    if inverted:
        matrix = [d, -b, 0.0, -c, a, 0.0]
        matrix = [x / scale for x in matrix]
        matrix[2] += matrix[0] * (-cx - tx) + matrix[1] * (-cy - ty)
        matrix[5] += matrix[3] * (-cx - tx) + matrix[4] * (-cy - ty)
        matrix[2] += cx
        matrix[5] += cy
    else:
        matrix = [a, b, 0.0, c, d, 0.0]
        matrix = [x * scale for x in matrix]
        matrix[2] += matrix[0] * (-cx) + matrix[1] * (-cy)
        matrix[5] += matrix[3] * (-cx) + matrix[4] * (-cy)
        matrix[2] += cx + tx
        matrix[5] += cy + ty
    return matrix


def _gen_affine_grid(theta: Tensor, w: int, h: int, ow: int, oh: int) -> Tensor:
    # output pixel centres relative to the image centre, mapped by theta, normalised to [-1, 1]
    d = 0.5
    base_grid = torch.empty(1, oh, ow, 3, dtype=theta.dtype, device=theta.device)
    x_grid = torch.linspace(-ow * 0.5 + d, ow * 0.5 + d - 1, steps=ow, device=theta.device)
    base_grid[..., 0].copy_(x_grid)
    y_grid = torch.linspace(-oh * 0.5 + d, oh * 0.5 + d - 1, steps=oh, device=theta.device).unsqueeze_(-1)
    base_grid[..., 1].copy_(y_grid)
    base_grid[..., 2].fill_(1)
    rescaled_theta = theta.transpose(1, 2) / torch.tensor([0.5 * w, 0.5 * h], dtype=theta.dtype, device=theta.device)
    output_grid = base_grid.view(1, oh * ow, 3).bmm(rescaled_theta)
    return output_grid.view(1, oh, ow, 2)


def _apply_grid_transform(img: Tensor, grid: Tensor, mode: str,
                          fill: Optional[Union[int, float, list[float]]]) -> Tensor:
    squeeze = img.ndim < 4
    x = img.unsqueeze(0) if squeeze else img
    out_dtype = x.dtype
    cast = x.dtype != grid.dtype
    if cast:
        x = x.to(grid.dtype)
    if x.shape[0] > 1:
        grid = grid.expand(x.shape[0], grid.shape[1], grid.shape[2], grid.shape[3])
    if fill is not None:
        # a ones channel sampled alongside marks the pixels that came from outside the image
        mask = torch.ones((x.shape[0], 1, x.shape[2], x.shape[3]), dtype=x.dtype, device=x.device)
        x = torch.cat((x, mask), dim=1)
    x = _F.grid_sample(x, grid, mode=mode, padding_mode="zeros", align_corners=False)
    if fill is not None:
        mask = x[:, -1:, :, :]
        x = x[:, :-1, :, :]
        mask = mask.expand_as(x)
        fill_list, len_fill = (fill, len(fill)) if isinstance(fill, (tuple, list)) else ([float(fill)], 1)
        fill_img = torch.tensor(fill_list, dtype=x.dtype, device=x.device).view(1, len_fill, 1, 1).expand_as(x)
        if mode == "nearest":
            x = torch.where(mask < 0.5, fill_img, x)
        else:
            x = x * mask + (1.0 - mask) * fill_img
    if squeeze:
        x = x.squeeze(0)
    if cast:
        if _is_int_dtype(out_dtype):
            x = torch.round(x)
        x = x.to(out_dtype)
    return x


def _compute_affine_output_size(matrix: list[float], w: int, h: int) -> tuple[int, int]:
    # the bounding box of the rotated image corners (torchvision's expand=True size)
    pts = torch.tensor([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0], [0.5 * w, 0.5 * h, 1.0],
                        [0.5 * w, -0.5 * h, 1.0]])
    theta = torch.tensor(matrix, dtype=torch.float).view(2, 3)
    new_pts = torch.matmul(pts, theta.T)
    min_vals = new_pts.min(dim=0).values
    max_vals = new_pts.max(dim=0).values
    # corners shifted to [0, w] x [0, h] (PIL's convention), then truncated to 1e-4 before ceil / floor
    halfs = torch.tensor((w * 0.5, h * 0.5))
    min_vals = min_vals + halfs
    max_vals = max_vals + halfs
    tol = 1e-4
    inv_tol = 1.0 / tol
    cmax = (max_vals * inv_tol).trunc() * tol
    cmin = (min_vals * inv_tol).trunc() * tol
    size = torch.ceil(cmax) - torch.floor(cmin)
    return int(size[0]), int(size[1])


def _check_grid_mode(img, interpolation, name):
    if isinstance(interpolation, int):
        interpolation = _interpolation_modes_from_int(interpolation)
    _assert_image_tensor(img)
    if interpolation.value not in ("nearest", "bilinear"):
        raise ValueError(f"Interpolation mode '{interpolation.value}' is unsupported with Tensor input")
    return interpolation


# torchvision's pil_modes_mapping: the Pillow resampling constant of each InterpolationMode
_PIL_MODES = {"nearest": 0, "nearest-exact": 0, "bilinear": 2, "bicubic": 3, "box": 4, "hamming": 5, "lanczos": 1}


def _pil_interpolation(interpolation):
    if isinstance(interpolation, int):
        interpolation = _interpolation_modes_from_int(interpolation)
    elif not isinstance(interpolation, InterpolationMode):
        raise TypeError("Argument interpolation should be a InterpolationMode or a corresponding Pillow integer constant")
    return _PIL_MODES[interpolation.value]


def _pil_fill(fill, img):
    # torchvision's _functional_pil._parse_fill: the fillcolor Pillow gets for an affine warp
    num_channels = get_dimensions(img)[0]
    if fill is None:
        fill = 0
    if isinstance(fill, (int, float)) and num_channels > 1:
        fill = tuple([fill] * num_channels)
    if isinstance(fill, (list, tuple)):
        if len(fill) == 1:
            fill = fill * num_channels
        elif len(fill) != num_channels:
            msg = "The number of elements in 'fill' does not match the number of channels of the image ({} != {})"
            raise ValueError(msg.format(len(fill), num_channels))
        fill = tuple(int(x) for x in fill)
    else:
        fill = int(fill)
    return fill


def rotate(img: Tensor, angle: float, interpolation: InterpolationMode = InterpolationMode.NEAREST,
           expand: bool = False, center: Optional[list[int]] = None, fill: Optional[list[float]] = None) -> Tensor:
    if _is_pil_image(img):
        return img.rotate(angle, _pil_interpolation(interpolation), expand, center, fillcolor=_pil_fill(fill, img))
    interpolation = _check_grid_mode(img, interpolation, "rotate")
    center_f = [0.0, 0.0]
    if center is not None:
        _, height, width = get_dimensions(img)
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [width, height])]
    # rotate turns counter-clockwise: the affine matrix gets -angle
    matrix = _get_inverse_affine_matrix(center_f, -angle, [0.0, 0.0], 1.0, [0.0, 0.0])
    w, h = img.shape[-1], img.shape[-2]
    ow, oh = _compute_affine_output_size(matrix, w, h) if expand else (w, h)
    dtype = img.dtype if torch.is_floating_point(img) else torch.float32
    theta = torch.tensor(matrix, dtype=dtype, device=img.device).reshape(1, 2, 3)
    grid = _gen_affine_grid(theta, w=w, h=h, ow=ow, oh=oh)
    return _apply_grid_transform(img, grid, interpolation.value, fill=fill)


def affine(img: Tensor, angle: float, translate: list[int], scale: float, shear: list[float],
           interpolation: InterpolationMode = InterpolationMode.NEAREST, fill: Optional[list[float]] = None,
           center: Optional[list[int]] = None) -> Tensor:
    if not _is_pil_image(img):
        interpolation = _check_grid_mode(img, interpolation, "affine")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if isinstance(angle, int):
        angle = float(angle)
    if isinstance(translate, tuple):
        translate = list(translate)
    if isinstance(shear, (int, float)):
        shear = [shear, 0.0]
    if isinstance(shear, tuple):
        shear = list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    if _is_pil_image(img):
        # the PIL path: the inverse matrix about the image center (no 0.5 offset, as torchvision)
        width, height = img.size
        if center is None:
            center = [width * 0.5, height * 0.5]
        matrix = _get_inverse_affine_matrix(center, angle, translate, scale, shear)
        return img.transform(img.size, 0, matrix, _pil_interpolation(interpolation), fillcolor=_pil_fill(fill, img))
    center_f = [0.0, 0.0]
    if center is not None:
        _, height, width = get_dimensions(img)
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [width, height])]
    translate_f = [1.0 * t for t in translate]
    matrix = _get_inverse_affine_matrix(center_f, angle, translate_f, scale, shear)
    dtype = img.dtype if torch.is_floating_point(img) else torch.float32
    theta = torch.tensor(matrix, dtype=dtype, device=img.device).reshape(1, 2, 3)
    shape = img.shape
    grid = _gen_affine_grid(theta, w=shape[-1], h=shape[-2], ow=shape[-1], oh=shape[-2])
    return _apply_grid_transform(img, grid, interpolation.value, fill=fill)


def _get_gaussian_kernel1d(kernel_size: int, sigma: float, dtype: torch.dtype, device: torch.device) -> Tensor:
    ksize_half = (kernel_size - 1) * 0.5
    x = torch.linspace(-ksize_half, ksize_half, steps=kernel_size, dtype=dtype, device=device)
    pdf = torch.exp(-0.5 * (x / sigma).pow(2))
    return pdf / pdf.sum()


def gaussian_blur(img: Tensor, kernel_size: list[int], sigma: Optional[list[float]] = None) -> Tensor:
    if not isinstance(kernel_size, (int, list, tuple)):
        raise TypeError(f"kernel_size should be int or a sequence of integers. Got {type(kernel_size)}")
    if isinstance(kernel_size, int):
        kernel_size = [kernel_size, kernel_size]
    if len(kernel_size) != 2:
        raise ValueError(f"If kernel_size is a sequence its length should be 2. Got {len(kernel_size)}")
    for ksize in kernel_size:
        if ksize % 2 == 0 or ksize < 0:
            raise ValueError(f"kernel_size should have odd and positive integers. Got {kernel_size}")
    if sigma is None:
        sigma = [ksize * 0.15 + 0.35 for ksize in kernel_size]
    if sigma is not None and not isinstance(sigma, (int, float, list, tuple)):
        raise TypeError(f"sigma should be either float or sequence of floats. Got {type(sigma)}")
    if isinstance(sigma, (int, float)):
        sigma = [float(sigma), float(sigma)]
    if isinstance(sigma, (list, tuple)) and len(sigma) == 1:
        sigma = [sigma[0], sigma[0]]
    if len(sigma) != 2:
        raise ValueError(f"If sigma is a sequence, its length should be 2. Got {len(sigma)}")
    for s in sigma:
        if s <= 0.0:
            raise ValueError(f"sigma should have positive values. Got {sigma}")
    _tensor_only(img, "gaussian_blur")
    dtype = img.dtype if torch.is_floating_point(img) else torch.float32
    kx = _get_gaussian_kernel1d(kernel_size[0], sigma[0], dtype, img.device)
    ky = _get_gaussian_kernel1d(kernel_size[1], sigma[1], dtype, img.device)
    kernel = torch.mm(ky[:, None], kx[None, :])
    kernel = kernel.expand(img.shape[-3], 1, kernel.shape[0], kernel.shape[1])
    squeeze = img.ndim < 4
    x = img.unsqueeze(0) if squeeze else img
    out_dtype = x.dtype
    cast = x.dtype != kernel.dtype
    if cast:
        x = x.to(kernel.dtype)
    padding = [kernel_size[0] // 2, kernel_size[0] // 2, kernel_size[1] // 2, kernel_size[1] // 2]
    x = _F.pad(x, padding, mode="reflect")
    x = _F.conv2d(x, kernel, groups=x.shape[-3])
    if squeeze:
        x = x.squeeze(0)
    if cast:
        if _is_int_dtype(out_dtype):
            x = torch.round(x)
        x = x.to(out_dtype)
    return x


def _not_in_kiln(name):
    def fn(*args, **kwargs):
        raise NotImplementedError(f"torchvision.transforms.functional.{name} is not provided by Kiln's torchvision")

    fn.__name__ = name
    return fn


perspective = _not_in_kiln("perspective")
posterize = _not_in_kiln("posterize")
equalize = _not_in_kiln("equalize")
autocontrast = _not_in_kiln("autocontrast")
adjust_sharpness = _not_in_kiln("adjust_sharpness")
elastic_transform = _not_in_kiln("elastic_transform")
