# torchvision.io for Kiln: encode_png / write_png (the PNG encoder of torchvision.utils: stored deflate
# blocks, so the pixels are exact and the bytes are not libpng's) and ImageReadMode. Decoding images and
# video (read_image, decode_image, decode_png/jpeg, read_file, read_video, VideoReader) needs libpng /
# libjpeg / ffmpeg, which Kiln does not have: those raise NotImplementedError. torchvision takes uint8
# tensors; Kiln has no uint8, so integer tensors holding 0..255 stand in for them.
from enum import Enum

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


def encode_png(input, compression_level=6):
    from torchvision.utils import _png_bytes

    _check_pixels(input, "encode_png")
    if compression_level < 0 or compression_level > 9:
        raise RuntimeError("Compression level should be between 0 and 9")
    pixels = input.long()
    if pixels.size(0) == 1:
        pixels = pixels.expand(3, -1, -1)
    data = _png_bytes(pixels.permute(1, 2, 0).contiguous())
    return torch.tensor(list(data), dtype=torch.int64)


def write_png(input, filename, compression_level=6):
    from torchvision.utils import _png_bytes

    _check_pixels(input, "write_png")
    pixels = input.long()
    if pixels.size(0) == 1:
        pixels = pixels.expand(3, -1, -1)
    with open(filename, "wb") as f:
        f.write(_png_bytes(pixels.permute(1, 2, 0).contiguous()))


def _no_decoder(name):
    def fn(*args, **kwargs):
        raise NotImplementedError(
            f"torchvision.io.{name}: decoding image and video files needs libpng / libjpeg / ffmpeg, which Kiln "
            "does not have; keep images as tensors (torch.save / torch.load) or use torchvision.datasets.FakeData"
        )

    fn.__name__ = name
    return fn


read_image = _no_decoder("read_image")
decode_image = _no_decoder("decode_image")
decode_png = _no_decoder("decode_png")
decode_jpeg = _no_decoder("decode_jpeg")
read_file = _no_decoder("read_file")
read_video = _no_decoder("read_video")
read_video_timestamps = _no_decoder("read_video_timestamps")
write_jpeg = _no_decoder("write_jpeg")
encode_jpeg = _no_decoder("encode_jpeg")


class VideoReader:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("torchvision.io.VideoReader: Kiln has no video decoder (ffmpeg)")
