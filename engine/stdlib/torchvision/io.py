# torchvision.io for Kiln: encode_png / write_png (the PNG encoder of torchvision.utils: stored deflate
# blocks, so the pixels are exact and the bytes are not libpng's), ImageReadMode, read_file, and PNG
# decoding (read_image, decode_image, decode_png) through Kiln's PNG reader (_png): uint8 (C, H, W)
# tensors as libpng gives torchvision (palette expanded to RGB, or RGBA with tRNS; 1/2/4-bit grey
# scaled to 8 bits), converted to GRAY / RGB / *_ALPHA where that only adds or drops channels. JPEG,
# 16-bit PNG (uint16), colour-to-grey conversion and video need libjpeg / ffmpeg or libpng's own
# arithmetic: those raise NotImplementedError. The encoders take integer tensors holding 0..255.
from enum import Enum
from typing import Union

import torch


class ImageReadMode(Enum):
    UNCHANGED = 0
    GRAY = 1
    GRAY_ALPHA = 2
    RGB = 3
    RGB_ALPHA = 4


def _check_pixels(input, name):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"{name}: expected a tensor, got {type(input).__name__}")
    if input.is_floating_point() or input.dtype == torch.bool:
        raise RuntimeError("Input tensor dtype should be uint8 (in Kiln, an integer tensor of values 0..255)")
    if input.dim() != 3:
        raise RuntimeError(f"Input tensor dimensions should be 3, got {input.dim()}")
    if input.size(0) not in (1, 3):
        raise RuntimeError(f"Kiln's PNG encoder writes 1- or 3-channel images, got {input.size(0)} channels")
    if input.numel() and (int(input.min()) < 0 or int(input.max()) > 255):
        raise RuntimeError("pixel values must lie in 0..255 (uint8)")


def encode_png(input: torch.Tensor, compression_level: int = 6) -> torch.Tensor:
    from torchvision.utils import _png_bytes

    _check_pixels(input, "encode_png")
    if compression_level < 0 or compression_level > 9:
        raise RuntimeError("Compression level should be between 0 and 9")
    data = _png_bytes(input.long().permute(1, 2, 0).contiguous())
    return torch.frombuffer(bytearray(data), dtype=torch.uint8)


def write_png(input: torch.Tensor, filename: str, compression_level: int = 6):
    from torchvision.utils import _png_bytes

    _check_pixels(input, "write_png")
    with open(filename, "wb") as f:
        f.write(_png_bytes(input.long().permute(1, 2, 0).contiguous()))


def _no_decoder(name):
    def fn(*args, **kwargs):
        raise NotImplementedError(
            f"torchvision.io.{name}: decoding image and video files needs libpng / libjpeg / ffmpeg, which Kiln "
            "does not have; keep images as tensors (torch.save / torch.load) or use torchvision.datasets.FakeData"
        )

    fn.__name__ = name
    return fn


def read_file(path: str) -> torch.Tensor:
    with open(path, "rb") as f:
        data = f.read()
    return torch.frombuffer(bytearray(data), dtype=torch.uint8)


def decode_png(input: torch.Tensor, mode: ImageReadMode = ImageReadMode.UNCHANGED,
               apply_exif_orientation: bool = False) -> torch.Tensor:
    import _png

    if not isinstance(input, torch.Tensor) or input.dtype != torch.uint8 or input.dim() != 1:
        raise RuntimeError("Expected a non empty 1-dimensional tensor of dtype uint8")
    data = bytes(input.tolist())
    if data[:8] != _png.SIGNATURE:
        raise RuntimeError("Content is not png!")
    a, color, depth, palette, trns = _png.read(data)
    if depth == 16:
        raise NotImplementedError("torchvision.io.decode_png: 16-bit PNG images decode to uint16 tensors, which Kiln "
                                  "does not have")
    a = torch.from_numpy(a)
    if color == 3:
        n = len(palette) // 3
        alpha = list(trns or b"") + [255] * (n - len(trns or b""))
        table = torch.tensor([[palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], alpha[i]] for i in range(n)])
        a = table[a[:, :, 0]]
        if not trns:
            a = a[:, :, :3]
    elif color == 0:
        a = a * (255 // ((1 << depth) - 1))
    img = a.permute(2, 0, 1)
    channels = img.size(0)
    if isinstance(mode, str):
        mode = ImageReadMode[mode.upper()]
    want = {ImageReadMode.UNCHANGED: channels, ImageReadMode.GRAY: 1, ImageReadMode.GRAY_ALPHA: 2,
            ImageReadMode.RGB: 3, ImageReadMode.RGB_ALPHA: 4}[mode]
    if want != channels:
        grey, has_alpha = channels <= 2, channels in (2, 4)
        to_grey = want <= 2
        if to_grey and not grey:
            raise NotImplementedError("torchvision.io.decode_png: colour-to-grey conversion (libpng's "
                                      "png_set_rgb_to_gray) is not reproduced in Kiln")
        colour = img[:1].expand(3, -1, -1) if grey and not to_grey else img[:(1 if grey else 3)]
        if want in (2, 4):
            alpha_plane = img[-1:] if has_alpha else torch.full_like(img[:1], 255)
            img = torch.cat([colour, alpha_plane], dim=0)
        else:
            img = colour
    return img.to(torch.uint8).contiguous()


def decode_image(input: Union[torch.Tensor, str], mode: ImageReadMode = ImageReadMode.UNCHANGED,
                 apply_exif_orientation: bool = False) -> torch.Tensor:
    if isinstance(input, str):
        input = read_file(input)
    if input.dim() == 1 and input.numel() >= 8 and bytes(input[:8].tolist()) == b"\x89PNG\r\n\x1a\n":
        return decode_png(input, mode, apply_exif_orientation)
    raise NotImplementedError("torchvision.io.decode_image: Kiln decodes PNG images only (JPEG, GIF and WebP need "
                              "libjpeg and friends, which Kiln does not have)")


def read_image(path: str, mode: ImageReadMode = ImageReadMode.UNCHANGED,
               apply_exif_orientation: bool = False) -> torch.Tensor:
    return decode_image(read_file(path), mode, apply_exif_orientation)


decode_jpeg = _no_decoder("decode_jpeg")
read_video = _no_decoder("read_video")
read_video_timestamps = _no_decoder("read_video_timestamps")
write_jpeg = _no_decoder("write_jpeg")
encode_jpeg = _no_decoder("encode_jpeg")


class VideoReader:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("torchvision.io.VideoReader: Kiln has no video decoder (ffmpeg)")
