# torchvision._image: a stand-in for PIL.Image.Image, since Kiln has no PIL. Datasets hand images over in
# this form where torchvision hands over PIL images (FakeData, ToPILImage), so that ToTensor() /
# PILToTensor() and the pixel-exact transforms (crop, flip, pad, grayscale) give PyTorch's numbers.
# Pixels are an int64 tensor (H, W, C) or (H, W) holding 0..255 (Kiln has no uint8). Modes "L", "RGB" and
# "RGBA"; size, width, height, mode, copy, crop, transpose, convert, getpixel. PIL's resampling filters
# (resize, rotate) and file I/O are not reproduced: those raise, naming ToTensor() first as the way round.
import torch

FLIP_LEFT_RIGHT = 0
FLIP_TOP_BOTTOM = 1

_BANDS = {"L": 1, "RGB": 3, "RGBA": 4}


class Image:
    def __init__(self, data, mode):
        # data: int64 tensor (H, W) for "L", (H, W, C) otherwise, values 0..255
        if mode not in _BANDS:
            raise ValueError(f"image mode '{mode}' is not supported by Kiln's PIL stand-in (L, RGB, RGBA)")
        self._data = data
        self.mode = mode

    @property
    def size(self):
        return (self._data.size(1), self._data.size(0))

    @property
    def width(self):
        return self._data.size(1)

    @property
    def height(self):
        return self._data.size(0)

    def getbands(self):
        return tuple(self.mode)

    def __repr__(self):
        return f"<PIL.Image.Image image mode={self.mode} size={self.width}x{self.height}>"

    def copy(self):
        return Image(self._data.clone(), self.mode)

    def getpixel(self, xy):
        x, y = xy
        v = self._data[y, x]
        return int(v) if self.mode == "L" else tuple(int(c) for c in v.tolist())

    def crop(self, box):
        # PIL's crop: (left, upper, right, lower); outside the image is zero
        left, upper, right, lower = [int(round(b)) for b in box]
        h, w = self.height, self.width
        shape = [lower - upper, right - left] + list(self._data.shape[2:])
        out = torch.zeros(shape, dtype=torch.int64)
        y0, y1 = max(upper, 0), min(lower, h)
        x0, x1 = max(left, 0), min(right, w)
        if y1 > y0 and x1 > x0:
            out[y0 - upper:y1 - upper, x0 - left:x1 - left] = self._data[y0:y1, x0:x1]
        return Image(out, self.mode)

    def transpose(self, method):
        if method == FLIP_LEFT_RIGHT:
            return Image(self._data.flip(1), self.mode)
        if method == FLIP_TOP_BOTTOM:
            return Image(self._data.flip(0), self.mode)
        raise NotImplementedError("Image.transpose: only FLIP_LEFT_RIGHT and FLIP_TOP_BOTTOM in Kiln's PIL stand-in")

    def convert(self, mode):
        if mode == self.mode:
            return self.copy()
        if self.mode == "L" and mode in ("RGB", "RGBA"):
            chans = [self._data] * 3 + ([torch.full_like(self._data, 255)] if mode == "RGBA" else [])
            return Image(torch.stack(chans, dim=2), mode)
        if self.mode in ("RGB", "RGBA") and mode == "L":
            # PIL's ITU-R 601-2 luma in 16-bit fixed point: (R*19595 + G*38470 + B*7471 + 0x8000) >> 16
            d = self._data
            lum = (d[:, :, 0] * 19595 + d[:, :, 1] * 38470 + d[:, :, 2] * 7471 + 0x8000) // 65536
            return Image(lum, "L")
        if self.mode == "RGBA" and mode == "RGB":
            return Image(self._data[:, :, :3].clone(), "RGB")
        if self.mode == "RGB" and mode == "RGBA":
            return Image(torch.cat([self._data, torch.full_like(self._data[:, :, :1], 255)], dim=2), "RGBA")
        raise NotImplementedError(f"Image.convert('{mode}') from mode {self.mode} is not supported by Kiln's PIL stand-in")

    def resize(self, size, resample=None):
        if tuple(size) == self.size:
            return self.copy()
        raise NotImplementedError(
            "resizing a PIL image is not reproduced in Kiln (there is no PIL; PIL's resampling filters differ from "
            "the tensor ones): put transforms.ToTensor() before Resize so that the tensor path resizes"
        )

    def rotate(self, *args, **kwargs):
        raise NotImplementedError(
            "rotating a PIL image is not reproduced in Kiln (there is no PIL): put transforms.ToTensor() first"
        )

    def save(self, *args, **kwargs):
        raise NotImplementedError("Image.save: Kiln has no PIL; torchvision.utils.save_image writes tensors as PNG")


def _is_pil_image(img):
    return isinstance(img, Image)


def _pil_error(what):
    return TypeError(
        f"{what}: PIL is not available in Kiln, so PIL images cannot be made or read (only the stand-in images of "
        "torchvision.datasets / ToPILImage). Use tensors (C, H, W) or numpy arrays (H, W, C) instead"
    )
