# torchvision._image: a stand-in for PIL.Image.Image, since Kiln has no PIL. Datasets hand images over in
# this form where torchvision hands over PIL images (FakeData, ToPILImage), so that ToTensor() /
# PILToTensor() and the pixel-exact transforms (crop, flip, pad, grayscale) give PyTorch's numbers.
# Pixels are an int64 tensor (H, W, C) or (H, W) holding 0..255 (so luma sums cannot wrap); np.array(img)
# gives them as uint8, as PIL's array interface does. Modes "L", "RGB" and
# "RGBA"; size, width, height, mode, copy, crop, transpose, convert, getpixel, and resize with PIL's own
# integer arithmetic (NEAREST, BOX, BILINEAR, HAMMING, BICUBIC, LANCZOS), so Resize before ToTensor gives
# torchvision's numbers; rotate and transform(AFFINE) with NEAREST resampling as PIL computes them
# (RandomRotation / RandomAffine on MNIST images: the default interpolation); Image.blend, ImageEnhance's
# Brightness/Contrast/Color and the RGB<->HSV conversions in Pillow's arithmetic (ColorJitter on PIL images,
# as SimCLR/MoCo/BYOL/Barlow Twins augment). _open reads PNG files (what
# ImageFolder's default loader hands over); other formats and bilinear/bicubic warps are not reproduced:
# those raise, naming ToTensor() first as the way round. Modes "F" (float32 pixels) and "I" (int32) hold
# single-band data as Image.fromarray makes them from float / int32 arrays. Mode "P" holds palette indices
# (H, W) and the palette: palette PNGs (Pascal VOC / Cityscapes-style segmentation masks) open as P, as
# in Pillow, so np.array(mask) gives the class indices; resampling of P images is always NEAREST (Pillow
# forces it), and convert() to RGB / RGBA / L looks the indices up in the palette (256 entries: the
# given ones, then Pillow's grey ramp). The PIL package
# (engine/stdlib/PIL) exposes this class as PIL.Image.Image.
import torch

import math

FLIP_LEFT_RIGHT = 0
FLIP_TOP_BOTTOM = 1
ROTATE_90 = 2
ROTATE_180 = 3
ROTATE_270 = 4
TRANSPOSE = 5
TRANSVERSE = 6
AFFINE = 0  # Image.Transform.AFFINE
NEAREST = 0
LANCZOS = 1
BILINEAR = 2
BICUBIC = 3
BOX = 4
HAMMING = 5


def _box(x):
    return 1.0 if -0.5 < x <= 0.5 else 0.0


def _bilinear(x):
    x = abs(x)
    return 1.0 - x if x < 1.0 else 0.0


def _hamming(x):
    x = abs(x)
    if x == 0.0:
        return 1.0
    if x >= 1.0:
        return 0.0
    x = x * math.pi
    return math.sin(x) / x * (0.54 + 0.46 * math.cos(x))


def _bicubic(x):
    a = -0.5
    x = abs(x)
    if x < 1.0:
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1
    if x < 2.0:
        return (((x - 5) * x + 8) * x - 4) * a
    return 0.0


def _sinc(x):
    if x == 0.0:
        return 1.0
    x = x * math.pi
    return math.sin(x) / x


def _lanczos(x):
    return _sinc(x) * _sinc(x / 3.0) if -3.0 <= x < 3.0 else 0.0


_FILTERS = {BOX: (_box, 0.5), BILINEAR: (_bilinear, 1.0), HAMMING: (_hamming, 1.0), BICUBIC: (_bicubic, 2.0),
            LANCZOS: (_lanczos, 3.0)}
_PRECISION_BITS = 32 - 8 - 2


def _resample_axis(data, axis, out_size, resample, floats=False):
    # one ImagingResample pass along `axis` (1: horizontal, 0: vertical) of an int64 (H, W, C) image;
    # `floats`: a mode F image (float32), whose pass keeps the normalized double coefficients, sums in
    # double and stores float32 (Resample.c's 32bpc path)
    filt, support = _FILTERS[resample]
    in_size = data.size(axis)
    scale = in_size / out_size
    filterscale = max(scale, 1.0)
    support = support * filterscale
    ksize = int(math.ceil(support)) * 2 + 1
    ss = 1.0 / filterscale
    idx = []
    wts = []
    for xx in range(out_size):
        center = (xx + 0.5) * scale
        xmin = max(int(center - support + 0.5), 0)
        xmax = min(int(center + support + 0.5), in_size) - xmin
        k = [filt((x + xmin - center + 0.5) * ss) for x in range(xmax)]
        ww = 0.0
        for v in k:
            ww += v
        if ww != 0.0:
            k = [v / ww for v in k]
        if not floats:
            k = [int(-0.5 + v * (1 << _PRECISION_BITS)) if v < 0 else int(0.5 + v * (1 << _PRECISION_BITS)) for v in k]
        idx.append([min(xmin + j, in_size - 1) for j in range(ksize)])
        wts.append(k + [0] * (ksize - len(k)))
    idx = torch.tensor(idx, dtype=torch.int64)
    wts = torch.tensor(wts, dtype=torch.float64 if floats else torch.int64)
    if floats:
        data = data.to(torch.float64)
    acc = None
    for j in range(ksize):
        w = wts[:, j].reshape(-1, 1) if axis == 1 else wts[:, j].reshape(-1, 1, 1)
        term = torch.index_select(data, axis, idx[:, j]) * w
        acc = term if acc is None else acc + term
    if floats:
        return acc.to(torch.float32)
    acc = acc + (1 << (_PRECISION_BITS - 1))
    # clip8: 0 below zero, 255 from 256 << PRECISION_BITS up, else the integer part
    out = torch.div(acc, 1 << _PRECISION_BITS, rounding_mode="floor")
    return torch.clamp(out, 0, 255)


def _nearest_axis(data, axis, out_size):
    # ImagingScaleAffine: source column int(x0) with x0 = scale / 2 accumulated by scale per pixel
    in_size = data.size(axis)
    if in_size == out_size:
        return data
    step = in_size / out_size
    pos = step * 0.5
    idx = []
    for _ in range(out_size):
        idx.append(min(max(int(pos), 0), in_size - 1))
        pos += step
    return torch.index_select(data, axis, torch.tensor(idx, dtype=torch.int64))

_YCBCR = None


def _ycbcr_tables():
    # Pillow's RGB <-> YCbCr tables (torchvision/_ycbcr.py) as int64 lookup tensors, built at first use
    global _YCBCR
    if _YCBCR is None:
        from torchvision import _ycbcr as src
        _YCBCR = {k: torch.tensor(getattr(src, k), dtype=torch.int64)
                  for k in ("Y_R", "Y_G", "Y_B", "Cb_R", "Cb_G", "Cb_B", "Cr_R", "Cr_G", "Cr_B", "R_Cr", "G_Cb", "G_Cr", "B_Cb")}
    return _YCBCR


_BANDS = {"L": 1, "RGB": 3, "RGBA": 4, "F": 1, "I": 1, "YCbCr": 3, "P": 1}


class Image:
    __module__ = "PIL.Image"
    format = None
    filename = ""

    def __init__(self, data, mode, palette=None):
        # data: int64 tensor (H, W) for "L" / "I" / "P", (H, W, C) for RGB / RGBA, float32 (H, W) for "F";
        # palette: a "P" image's RGB palette as a list of ints (None: Pillow's grey ramp)
        if mode not in _BANDS:
            raise ValueError(f"image mode '{mode}' is not supported by Kiln's PIL (L, RGB, RGBA, F, I, YCbCr, P)")
        self._palette = None
        if mode == "P":
            self._palette = [v for i in range(256) for v in (i, i, i)] if palette is None else list(palette)
        if mode == "F":
            self._data = data if data.dtype == torch.float32 else data.to(torch.float32)
        else:
            # int64 whatever the caller holds (to_pil_image of a uint8 tensor), so luma sums cannot wrap
            self._data = data if data.dtype == torch.int64 else data.long()
        self.mode = mode
        self.info = {}

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    def __eq__(self, other):
        return (isinstance(other, Image) and self.mode == other.mode and self.size == other.size
                and bool(torch.equal(self._data, other._data)))

    def load(self):
        return _PixelAccess(self)

    def getdata(self):
        # the pixels in row order (Pillow's ImagingCore sequence): ints for L/I, floats for F, tuples otherwise
        d = self._data
        return [tuple(p) for p in d.reshape(-1, d.size(2)).tolist()] if d.ndim == 3 else d.reshape(-1).tolist()

    def split(self):
        if self._data.ndim == 2:
            return (self.copy(),)
        return tuple(Image(self._data[:, :, i].contiguous(), "L") for i in range(self._data.size(2)))

    def getextrema(self):
        d = self._data
        if d.ndim == 2:
            return (d.min().item(), d.max().item())
        return tuple((d[:, :, i].min().item(), d[:, :, i].max().item()) for i in range(d.size(2)))

    def tobytes(self):
        return bytes(self._data.to(torch.uint8).reshape(-1).tolist()) if self.mode in ("L", "RGB", "RGBA") \
            else self.__array__().tobytes()

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
        return tuple(self.mode) if self.mode in ("L", "RGB", "RGBA") else (self.mode,)

    def __repr__(self):
        return f"<PIL.Image.Image image mode={self.mode} size={self.width}x{self.height}>"

    def _new(self, data):
        # an image of this one's mode (and palette) holding other pixels
        im = Image(data, self.mode, self._palette)
        if "transparency" in self.info:
            im.info["transparency"] = self.info["transparency"]
        return im

    def copy(self):
        return self._new(self._data.clone())

    def getpalette(self, rawmode="RGB"):
        if self._palette is None:
            return None
        return list(self._palette)

    def putpalette(self, data, rawmode="RGB"):
        # Pillow: an L image becomes P; the entries not given keep the grey ramp when looked up
        if self.mode not in ("L", "LA", "P", "PA"):
            raise ValueError("illegal image mode")
        if rawmode != "RGB":
            raise NotImplementedError(f"Image.putpalette(..., rawmode={rawmode!r}): Kiln's PIL reads RGB palettes")
        if hasattr(data, "palette"):  # an ImagePalette
            data = data.palette
        self._palette = list(bytes(data))
        self.mode = "P"

    def _palette_table(self):
        # ImagingPaletteNew's 256 entries (i, i, i, 255) overwritten by the palette's own, plus the alpha of
        # info["transparency"] (one index, or one alpha byte per entry), as an int64 (256, 4) tensor
        pal = list(self._palette[:768])
        n = len(pal) // 3
        rows = [[pal[3 * i], pal[3 * i + 1], pal[3 * i + 2], 255] for i in range(n)]
        rows += [[i, i, i, 255] for i in range(n, 256)]
        t = self.info.get("transparency")
        if isinstance(t, int):
            rows[t][3] = 0
        elif isinstance(t, (bytes, bytearray)):
            for i, a in enumerate(t[:256]):
                rows[i][3] = a
        return torch.tensor(rows, dtype=torch.int64)

    def __array__(self, dtype=None, copy=None):
        # np.array(img) / np.asarray(img) / np.float32(img) (MNIST-from-PIL tutorials: `x = np.array(x,
        # dtype='float32') / 255`): PIL's __array_interface__ hands over the pixels as uint8, (H, W) for
        # "L" and (H, W, bands) otherwise; float32 for "F", int32 for "I"
        if self.mode == "F":
            a = self._data.numpy().copy()
        elif self.mode == "I":
            a = self._data.to(torch.int32).numpy()
        else:
            a = self._data.to(torch.uint8).numpy()
        return a if dtype is None else a.astype(dtype)

    def getpixel(self, xy):
        x, y = xy
        v = self._data[y, x]
        if self.mode == "F":
            return float(v)
        return int(v) if self._data.ndim == 2 else tuple(int(c) for c in v.tolist())

    def putpixel(self, xy, value):
        x, y = xy
        self._data[y, x] = torch.tensor(value, dtype=self._data.dtype)

    def putdata(self, data, scale=1.0, offset=0.0):
        # Pillow's ImagingCore putdata: the sequence fills the pixels in row order from the top left (a
        # shorter one leaves the rest as they were, a longer one is an error); single-band values go through
        # value * scale + offset, L clipped to 0..255 and truncated like Pillow's CLIP8, I truncated to int;
        # multi-band pixels are tuples of ints (or one packed int, as getink reads it)
        seq = list(data)
        d = self._data
        n = len(seq)
        if n > d.size(0) * d.size(1):
            raise TypeError("too many data entries")
        if n == 0:
            return
        if d.ndim == 2:
            vals = seq if (scale == 1.0 and offset == 0.0) else [float(v) * scale + offset for v in seq]
            if self.mode == "F":
                t = torch.tensor([float(v) for v in vals], dtype=torch.float32)
            elif self.mode == "L":
                t = torch.tensor([0 if v <= 0 else 255 if v >= 255 else int(v) for v in vals], dtype=d.dtype)
            else:
                t = torch.tensor([int(v) for v in vals], dtype=d.dtype)
            flat = d.reshape(-1)
        else:
            bands = d.size(2)
            rows = []
            for p in seq:
                if isinstance(p, int):
                    p = tuple((p >> (8 * i)) & 255 for i in range(bands))
                else:
                    p = tuple(int(c) for c in p)
                    if len(p) == 3 and bands == 4:
                        p = p + (255,)
                    elif len(p) != bands:
                        raise TypeError("color must be int, or tuple of one, three or four elements")
                rows.append(p)
            t = torch.tensor(rows, dtype=d.dtype)
            flat = d.reshape(-1, bands)
        flat[:n] = t
        self._data = flat.reshape(d.shape)

    def crop(self, box):
        # PIL's crop: (left, upper, right, lower); outside the image is zero
        left, upper, right, lower = [int(round(b)) for b in box]
        h, w = self.height, self.width
        shape = [lower - upper, right - left] + list(self._data.shape[2:])
        out = torch.zeros(shape, dtype=self._data.dtype)
        y0, y1 = max(upper, 0), min(lower, h)
        x0, x1 = max(left, 0), min(right, w)
        if y1 > y0 and x1 > x0:
            out[y0 - upper:y1 - upper, x0 - left:x1 - left] = self._data[y0:y1, x0:x1]
        return self._new(out)

    def point(self, lut, mode=None):
        # Image.point with a lookup table (256 entries per band, or a function of the value) on an
        # 8-bit L / RGB / RGBA image: each band through its own 256 entries, clipped to 0..255
        if self.mode not in ("L", "RGB", "RGBA") or mode is not None:
            raise NotImplementedError(f"Image.point on a mode {self.mode} image is not reproduced in Kiln's PIL")
        bands = _BANDS[self.mode]
        if callable(lut):
            lut = [lut(i) for i in range(256)] * bands
        if len(lut) != 256 * bands:
            raise ValueError("wrong number of lut entries")
        table = torch.tensor([min(max(int(v), 0), 255) for v in lut], dtype=torch.int64).reshape(bands, 256)
        if bands == 1:
            return self._new(table[0][self._data])
        return self._new(torch.stack([table[b][self._data[:, :, b]] for b in range(bands)], dim=2))

    def paste(self, im, box=None, mask=None):
        # Image.paste of an image or a colour at box (x, y) or (x0, y0, x1, y1); an image of another mode is
        # converted to this one first, as Pillow does
        if mask is not None:
            raise NotImplementedError("Image.paste with a mask is not reproduced in Kiln's PIL")
        if isinstance(im, Image):
            if im.mode != self.mode:
                im = im.convert(self.mode)
            src = im._data
            size = im.size
        else:
            src = None
            size = None
        if box is None:
            box = (0, 0)
        if len(box) == 2:
            if size is None:
                size = (self.width - int(box[0]), self.height - int(box[1]))
            box = (int(box[0]), int(box[1]), int(box[0]) + size[0], int(box[1]) + size[1])
        x0, y0, x1, y1 = [int(b) for b in box]
        if size is not None and (x1 - x0, y1 - y0) != tuple(size):
            raise ValueError("images do not match")
        if src is None:
            src = torch.zeros([y1 - y0, x1 - x0] + list(self._data.shape[2:]), dtype=self._data.dtype)
            src[...] = torch.tensor(im, dtype=self._data.dtype)
        cx0, cy0 = max(x0, 0), max(y0, 0)
        cx1, cy1 = min(x1, self.width), min(y1, self.height)
        if cx1 > cx0 and cy1 > cy0:
            self._data[cy0:cy1, cx0:cx1] = src[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]

    def transpose(self, method):
        if method == FLIP_LEFT_RIGHT:
            return self._new(self._data.flip(1))
        if method == FLIP_TOP_BOTTOM:
            return self._new(self._data.flip(0))
        d = self._data
        if method == ROTATE_90:  # counter-clockwise, as PIL
            return self._new(torch.rot90(d, 1, (0, 1)).contiguous())
        if method == ROTATE_180:
            return self._new(d.flip(0).flip(1))
        if method == ROTATE_270:
            return self._new(torch.rot90(d, -1, (0, 1)).contiguous())
        if method == TRANSPOSE:
            return self._new(d.transpose(0, 1).contiguous())
        if method == TRANSVERSE:
            return self._new(d.transpose(0, 1).flip(0).flip(1))
        raise ValueError(f"Unknown transpose type {method}")

    def convert(self, mode=None, matrix=None, dither=None, palette=0, colors=256):
        if mode is None or mode == self.mode:
            return self.copy()
        if self.mode == "P":
            # Convert.c p2rgb / p2rgba / p2l through the palette
            rgba = self._palette_table()[self._data]
            if mode == "RGB":
                return Image(rgba[:, :, :3].contiguous(), "RGB")
            if mode == "RGBA":
                return Image(rgba, "RGBA")
            if mode == "L":
                return Image(rgba[:, :, :3], "RGB").convert("L")
        if self.mode == "L" and mode == "P":
            return Image(self._data.clone(), "P")  # l2p: the grey values as indices into the grey ramp
        if self.mode == "F" and mode == "L":
            # Convert.c f2l: clipped to 0..255, truncated toward zero
            return Image(self._data.clamp(0.0, 255.0).to(torch.int64), "L")
        if self.mode == "I" and mode == "L":
            return Image(self._data.clamp(0, 255), "L")
        if self.mode == "L" and mode in ("F", "I"):
            return Image(self._data, mode)
        if self.mode in ("F", "I") and mode in ("RGB", "RGBA"):
            return self.convert("L").convert(mode)
        if self.mode == "L" and mode in ("RGB", "RGBA"):
            chans = [self._data] * 3 + ([torch.full_like(self._data, 255)] if mode == "RGBA" else [])
            return Image(torch.stack(chans, dim=2), mode)
        if self.mode in ("RGB", "RGBA") and mode == "L":
            # PIL's ITU-R 601-2 luma in 16-bit fixed point: (R*19595 + G*38470 + B*7471 + 0x8000) >> 16
            d = self._data.to(torch.int64)  # to_pil_image keeps a uint8 tensor: widen before the products
            lum = (d[:, :, 0] * 19595 + d[:, :, 1] * 38470 + d[:, :, 2] * 7471 + 0x8000) // 65536
            return Image(lum, "L")
        if self.mode in ("RGB", "RGBA") and mode == "YCbCr":
            # Convert.c's ImagingConvertRGB2YCbCr: ConvertYCbCr.c's 6-bit tables, summed, then >> 6
            # (an arithmetic shift: floor division of the negative chroma sums)
            t = _ycbcr_tables()
            r, g, b = (self._data[:, :, i] for i in range(3))
            y = (t["Y_R"][r] + t["Y_G"][g] + t["Y_B"][b]) // 64
            cb = (t["Cb_R"][r] + t["Cb_G"][g] + t["Cb_B"][b]) // 64 + 128
            cr = (t["Cr_R"][r] + t["Cr_G"][g] + t["Cr_B"][b]) // 64 + 128
            return Image(torch.stack([y, cb, cr], dim=2), "YCbCr")
        if self.mode == "YCbCr" and mode == "RGB":
            # ImagingConvertYCbCr2RGB: Y plus the tables' chroma terms, clipped to 0..255
            t = _ycbcr_tables()
            y, cb, cr = (self._data[:, :, i] for i in range(3))
            r = y + t["R_Cr"][cr] // 64
            g = y + (t["G_Cb"][cb] + t["G_Cr"][cr]) // 64
            b = y + t["B_Cb"][cb] // 64
            return Image(torch.stack([r, g, b], dim=2).clamp(0, 255), "RGB")
        if self.mode == "YCbCr" and mode == "L":
            return Image(self._data[:, :, 0].clone(), "L")  # ycbcr2l: the Y band
        if self.mode == "L" and mode == "YCbCr":
            return Image(torch.stack([self._data, torch.full_like(self._data, 128), torch.full_like(self._data, 128)], dim=2),
                         "YCbCr")  # l2ycbcr: neutral chroma
        if self.mode == "RGBA" and mode == "RGB":
            return Image(self._data[:, :, :3].clone(), "RGB")
        if self.mode == "RGB" and mode == "RGBA":
            return Image(torch.cat([self._data, torch.full_like(self._data[:, :, :1], 255)], dim=2), "RGBA")
        raise NotImplementedError(f"Image.convert('{mode}') from mode {self.mode} is not supported by Kiln's PIL stand-in")

    def resize(self, size, resample=None, box=None, reducing_gap=None):
        # PIL's Image.resize: NEAREST through its scaling affine transform, the other filters through
        # ImagingResample's two separable passes (horizontal, then vertical) in 22-bit fixed point.
        # box and reducing_gap as Pillow checks them; a box other than the whole image and a
        # reducing_gap small enough to make Pillow reduce() first are not reproduced (hkproj's
        # pytorch-paligemma passes reducing_gap=None, probe 29).
        if reducing_gap is not None and reducing_gap < 1.0:
            raise ValueError("reducing_gap must be 1.0 or greater")
        full = (0, 0) + tuple(self.size)
        if box is not None and tuple(box) != full:
            raise NotImplementedError("Image.resize with a box other than the whole image is not reproduced "
                                      "in Kiln's PIL: crop() first")
        w, h = int(size[0]), int(size[1])
        if (w, h) == self.size:
            return self.copy()
        if w < 1 or h < 1:  # ImagingResample's check
            raise ValueError("height and width must be > 0")
        if resample is None:
            resample = BICUBIC
        if reducing_gap is not None and resample != NEAREST:
            factor_x = int(self.size[0] / w / reducing_gap) or 1
            factor_y = int(self.size[1] / h / reducing_gap) or 1
            if factor_x > 1 or factor_y > 1:
                raise NotImplementedError(f"Image.resize with reducing_gap={reducing_gap} reduces the image by "
                                          f"({factor_x}, {factor_y}) first in Pillow; Kiln's PIL does not "
                                          "reproduce reduce(): pass reducing_gap=None")
        if self.mode == "P":
            resample = NEAREST  # Pillow resizes palette images by nearest neighbour whatever is asked
        if self.mode == "RGBA" and resample != NEAREST:
            raise NotImplementedError("resizing an RGBA image (PIL premultiplies alpha) is not reproduced in "
                                      "Kiln's PIL stand-in: convert('RGB') first")
        if self.mode == "I" and resample != NEAREST:
            raise NotImplementedError("resizing a mode I image with a filter is not reproduced in Kiln's PIL: "
                                      "use Image.NEAREST or convert('F') first")
        data = self._data if self._data.ndim == 3 else self._data.unsqueeze(2)
        if resample == NEAREST:
            data = _nearest_axis(data, 1, w)
            data = _nearest_axis(data, 0, h)
        else:
            if resample not in _FILTERS:
                raise ValueError(f"Unknown resampling filter ({resample}).")
            floats = self.mode == "F"
            if w != data.size(1):
                data = _resample_axis(data, 1, w, resample, floats)
            if h != data.size(0):
                data = _resample_axis(data, 0, h, resample, floats)
        return self._new(data if self._data.ndim == 3 else data[:, :, 0])

    def rotate(self, angle, resample=NEAREST, expand=0, center=None, translate=None, fillcolor=None):
        # PIL's Image.rotate: the quarter-turn fast paths, else the inverse affine matrix (rounded to 15
        # digits as PIL does) about the center, grown to the rotated corners' box with expand
        angle = angle % 360.0
        if not (center or translate):
            if angle == 0:
                return self.copy()
            if angle == 180:
                return self.transpose(ROTATE_180)
            if angle in (90, 270) and (expand or self.width == self.height):
                return self.transpose(ROTATE_90 if angle == 90 else ROTATE_270)
        w, h = self.size
        post_trans = (0, 0) if translate is None else translate
        if center is None:
            center = (w / 2, h / 2)
        angle = -math.radians(angle)
        matrix = [round(math.cos(angle), 15), round(math.sin(angle), 15), 0.0,
                  round(-math.sin(angle), 15), round(math.cos(angle), 15), 0.0]

        def transform(x, y, m):
            a, b, c, d, e, f = m
            return a * x + b * y + c, d * x + e * y + f

        matrix[2], matrix[5] = transform(-center[0] - post_trans[0], -center[1] - post_trans[1], matrix)
        matrix[2] += center[0]
        matrix[5] += center[1]
        if expand:
            xx = []
            yy = []
            for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
                tx, ty = transform(x, y, matrix)
                xx.append(tx)
                yy.append(ty)
            nw = math.ceil(max(xx)) - math.floor(min(xx))
            nh = math.ceil(max(yy)) - math.floor(min(yy))
            matrix[2], matrix[5] = transform(-(nw - w) / 2.0, -(nh - h) / 2.0, matrix)
            w, h = nw, nh
        return self.transform((w, h), AFFINE, matrix, resample, fillcolor=fillcolor)

    def transform(self, size, method, data=None, resample=NEAREST, fill=1, fillcolor=None):
        # PIL's ImagingTransformAffine with NEAREST: a pure scale/translation (a[1] == a[3] == 0) through
        # ImagingScaleAffine's double-precision steps, anything else through affine_fixed's 16.16 fixed
        # point; pixels that map outside the source keep the fill colour (black when None)
        if method != AFFINE:
            raise NotImplementedError("Image.transform: only Image.AFFINE is reproduced in Kiln's PIL stand-in")
        if data is None:
            raise ValueError("missing method data")
        if resample not in (NEAREST, BILINEAR, BICUBIC):
            raise ValueError(f"Unknown resampling filter ({resample}).")
        if self.mode == "P":
            resample = NEAREST  # as Pillow's transform of palette images
        if resample != NEAREST:
            raise NotImplementedError("a bilinear or bicubic warp of a PIL image is not reproduced in Kiln "
                                      "(there is no PIL): put transforms.ToTensor() first")
        a = [float(v) for v in data[:6]]
        ow, oh = int(size[0]), int(size[1])
        bands = self._data.shape[2:]
        out = torch.zeros([oh, ow] + list(bands), dtype=torch.int64)
        if fillcolor is not None:
            out[...] = torch.tensor(fillcolor, dtype=torch.int64)
        iw, ih = self.width, self.height
        if a[1] == 0 and a[3] == 0:
            xs, ys = [], []
            xo = a[2] + a[0] * 0.5
            for _ in range(ow):
                xs.append(-1 if xo < 0.0 else int(xo))
                xo += a[0]
            yo = a[5] + a[4] * 0.5
            for _ in range(oh):
                ys.append(-1 if yo < 0.0 else int(yo))
                yo += a[4]
            xin = torch.tensor(xs, dtype=torch.int64).reshape(1, ow).expand(oh, ow)
            yin = torch.tensor(ys, dtype=torch.int64).reshape(oh, 1).expand(oh, ow)
        else:
            def fix(v):
                return math.floor(v * 65536.0 + 0.5)

            a0, a1, a3, a4 = fix(a[0]), fix(a[1]), fix(a[3]), fix(a[4])
            a2 = fix(a[2] + a[0] * 0.5 + a[1] * 0.5)
            a5 = fix(a[5] + a[3] * 0.5 + a[4] * 0.5)
            x = torch.arange(ow, dtype=torch.int64).reshape(1, ow)
            y = torch.arange(oh, dtype=torch.int64).reshape(oh, 1)
            xin = torch.div(a2 + y * a1 + x * a0, 65536, rounding_mode="floor")
            yin = torch.div(a5 + y * a4 + x * a3, 65536, rounding_mode="floor")
        inside = (xin >= 0) & (xin < iw) & (yin >= 0) & (yin < ih)
        src = self._data[yin.clamp(0, max(ih - 1, 0)), xin.clamp(0, max(iw - 1, 0))]
        keep = inside.reshape(list(inside.shape) + [1] * len(bands))
        return self._new(torch.where(keep, src, out))

    def filter(self, filter):
        # Image.filter: a Filter class is instantiated first; every filter Kiln has is a
        # MultibandFilter (GaussianBlur, BoxBlur), which Pillow applies to all bands at once.
        if callable(filter):
            filter = filter()
        if self.mode == "P":
            raise ValueError("image has wrong mode")  # the Pillow of the reference machine (its C core's check)
        if not hasattr(filter, "filter"):
            raise TypeError("filter argument should be ImageFilter.Filter instance or class")
        return filter.filter(self)

    def gaussian_blur(self, radius, passes=3):
        # ImagingCore.gaussian_blur (libImaging/BoxBlur.c ImagingGaussianBlur): `passes` box blurs whose
        # radius (float, fractional part as edge weights) gives the Gaussian's variance.
        xr, yr = radius if isinstance(radius, (tuple, list)) else (radius, radius)
        return self.box_blur((_gaussian_blur_radius(xr, passes), _gaussian_blur_radius(yr, passes)), passes)

    def box_blur(self, radius, n=1):
        # ImagingCore.box_blur (libImaging/BoxBlur.c ImagingBoxBlur): n horizontal passes, then n passes
        # over the transposed image, each in Pillow's 24-bit fixed point; 8-bit modes only.
        if self.mode not in ("L", "RGB", "RGBA"):
            raise ValueError("image has wrong mode")
        if n < 1:
            raise ValueError("number of passes must be greater than zero")
        xr, yr = radius if isinstance(radius, (tuple, list)) else (radius, radius)
        xr, yr = torch.tensor(xr, dtype=torch.float32), torch.tensor(yr, dtype=torch.float32)
        if float(xr) < 0 or float(yr) < 0:
            raise ValueError("radius must be >= 0")
        d = self._data if self._data.ndim == 3 else self._data.unsqueeze(2)
        if float(xr) != 0:
            for _ in range(n):
                d = _box_blur_rows(d, xr)
        if float(yr) != 0:
            d = d.transpose(0, 1)
            for _ in range(n):
                d = _box_blur_rows(d, yr)
            d = d.transpose(0, 1)
        d = d.contiguous()
        return self._new(d if self._data.ndim == 3 else d.squeeze(2))

    def save(self, fp, format=None, **params):
        # Pillow's Image.save for PNG files (the format from the file name's extension unless given):
        # L, RGB and RGBA images as 8-bit grey, RGB and RGBA PNGs, by torchvision.utils' encoder.
        # Other formats (JPEG, ...) need encoders Kiln lacks.
        import os
        from torchvision.utils import _png_bytes, _is_path
        fmt = format
        if fmt is None and _is_path(fp):
            ext = os.path.splitext(os.fspath(fp))[1].lower()
            fmt = ext[1:] if ext else None
        if fmt is None:
            raise ValueError("unknown file extension: cannot tell the image format (pass format='PNG')")
        if fmt.lower() != "png":
            raise NotImplementedError(f"Image.save as {fmt.upper()}: Kiln has no PIL and encodes PNG only (use a .png file name)")
        if self.mode in ("YCbCr", "F"):
            raise OSError(f"cannot write mode {self.mode} as PNG")  # modes outside PngImagePlugin's _OUTMODES
        pixels = self._data if self._data.ndim == 3 else self._data.unsqueeze(2)
        data = _png_bytes(pixels.contiguous(), self._palette_table()[:, :3] if self.mode == "P" else None)
        if _is_path(fp):
            with open(fp, "wb") as f:
                f.write(data)
        else:
            fp.write(data)

    def close(self):
        # Pillow releases the image's file and memory; Kiln's images hold only their pixel tensor
        pass


def _gaussian_blur_radius(radius, passes):
    # BoxBlur.c _gaussian_blur_radius in C float arithmetic (sqrt and floor in double): the extended box
    # radius of Gwosdek et al. whose `passes` repetitions have the Gaussian's variance radius**2.
    f32 = lambda v: torch.tensor(v, dtype=torch.float32)
    r = f32(radius)
    sigma2 = r * r / f32(passes)
    L = f32(math.sqrt(12.0 * float(sigma2) + 1.0))
    l = f32(math.floor((float(L) - 1.0) / 2.0))
    a = (f32(2) * l + f32(1)) * (l * (l + f32(1)) - f32(3) * sigma2)
    a = a / (f32(6) * (sigma2 - (l + f32(1)) * (l + f32(1))))
    return float(l + a)


def _box_blur_rows(d, fradius):
    # BoxBlur.c ImagingLineBoxBlur over every row of d (H, W, C int64) at once: a running sum over the
    # 2r+1 window (the edge pixels repeat outside the image), the two pixels just outside it weighted
    # by the radius' fractional part, in 24-bit fixed point rounded to 8 bits.
    radius = int(fradius)
    ww = int(torch.tensor(16777216.0, dtype=torch.float32) / (fradius * 2 + 1))
    fw = ((1 << 24) - (radius * 2 + 1) * ww) // 2
    w = d.size(1)
    lastx = w - 1
    edge_a = min(radius + 1, w)
    edge_b = max(w - radius - 1, 0)
    col = [d[:, x] for x in range(w)]
    acc = col[0] * (radius + 1)
    for x in range(edge_a - 1):
        acc = acc + col[x]
    acc = acc + col[lastx] * (radius - edge_a + 1)
    out = []

    def step(sub, add, left, right):
        nonlocal acc
        acc = acc + col[add] - col[sub]
        bulk = acc * ww + (col[left] + col[right]) * fw
        out.append((bulk + (1 << 23)) >> 24)

    if edge_a <= edge_b:
        for x in range(0, edge_a):
            step(0, x + radius, 0, x + radius + 1)
        for x in range(edge_a, edge_b):
            step(x - radius - 1, x + radius, x - radius - 1, x + radius + 1)
        for x in range(edge_b, lastx + 1):
            step(x - radius - 1, lastx, x - radius - 1, lastx)
    else:
        for x in range(0, edge_b):
            step(0, x + radius, 0, x + radius + 1)
        for x in range(edge_b, edge_a):
            step(0, lastx, 0, lastx)
        for x in range(edge_a, lastx + 1):
            step(x - radius - 1, lastx, x - radius - 1, lastx)
    return torch.stack(out, 1)


class _PixelAccess:
    # what Image.load() hands back: px[x, y] reads and writes one pixel
    def __init__(self, im):
        self._im = im

    def __getitem__(self, xy):
        return self._im.getpixel(xy)

    def __setitem__(self, xy, value):
        self._im.putpixel(xy, value)


# ---- Pillow's colour arithmetic (ImageEnhance and the HSV conversions behind torchvision's PIL colour
# jitter), vectorized over the pixels with C's float/double roundings kept where Pillow's C has them.

def _blend(im1, im2, alpha):
    # Image.blend (libImaging/Blend.c): alpha is a C float; out = (UINT8)(in1 + alpha * (in2 - in1)) in
    # float arithmetic, truncated, clipped to 0..255 only when alpha is outside [0, 1].
    a = float(torch.tensor(alpha, dtype=torch.float32))
    if a == 0.0:
        return im1.copy()
    if a == 1.0:
        return im2.copy()
    x, y = im1._data, im2._data
    t = x.to(torch.float32) + torch.tensor(a, dtype=torch.float32) * (y - x).to(torch.float32)
    if not (0.0 <= a <= 1.0):
        t = t.clamp(0.0, 255.0)
    return Image(t.to(torch.int64), im1.mode)


def _c_round(x):
    # C's round() of non-negative doubles: halves away from zero (torch.round goes to even).
    f = torch.floor(x)
    return f + (x - f >= 0.5).to(x.dtype)


def _rgb_to_hsv(rgb):
    # libImaging/Convert.c rgb2hsv_row on an (H, W, 3+) int64 tensor: the (H, W, 3) HSV bands.
    f32, f64 = torch.float32, torch.float64
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    maxc = torch.maximum(r, torch.maximum(g, b))
    minc = torch.minimum(r, torch.minimum(g, b))
    cr = (maxc - minc).to(f32)
    s = cr / maxc.to(f32)
    rc = (maxc - r).to(f32) / cr
    gc = (maxc - g).to(f32) / cr
    bc = (maxc - b).to(f32) / cr
    h = torch.where(r == maxc, bc - gc,
                    torch.where(g == maxc, ((2.0 + rc.to(f64)) - bc.to(f64)).to(f32),
                                ((4.0 + gc.to(f64)) - rc.to(f64)).to(f32)))
    h = torch.fmod(h.to(f64) / 6.0 + 1.0, 1.0).to(f32)
    gray = minc == maxc
    uh = torch.where(gray, 0, (h.to(f64) * 255.0).nan_to_num(0.0).to(torch.int64).clamp(0, 255))
    us = torch.where(gray, 0, (s.to(f64) * 255.0).nan_to_num(0.0).to(torch.int64).clamp(0, 255))
    return torch.stack([uh, us, maxc], dim=2)


def _hsv_to_rgb(hsv):
    # libImaging/Convert.c hsv2rgb on an (H, W, 3) int64 tensor of HSV bands: (H, W, 3) RGB.
    f32, f64 = torch.float32, torch.float64
    h, s, v = hsv[:, :, 0], hsv[:, :, 1], hsv[:, :, 2]
    h6 = h.to(f64) * 6.0 / 255.0
    i = torch.floor(h6)
    f = (h6 - i).to(f32)
    fs = (s.to(f64) / 255.0).to(f32)
    vd = v.to(f64)
    p = _c_round(vd * (1.0 - fs.to(f64))).to(torch.int64).clamp(0, 255)
    q = _c_round(vd * (1.0 - (fs * f).to(f64))).to(torch.int64).clamp(0, 255)
    t = _c_round(vd * (1.0 - fs.to(f64) * (1.0 - f.to(f64)))).to(torch.int64).clamp(0, 255)
    k = i.to(torch.int64) % 6
    choices = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)]
    out = []
    for band in range(3):
        x = choices[5][band]
        for j in range(4, -1, -1):
            x = torch.where(k == j, choices[j][band], x)
        out.append(torch.where(s == 0, v, x))
    return torch.stack(out, dim=2)


def _with_alpha(data, src):
    # The colour bands of `data` with `src`'s alpha band (ImageEnhance's putalpha of the original).
    if src.mode != "RGBA":
        return data
    return torch.cat([data[:, :, :3], src._data[:, :, 3:]], dim=2)


def _enhance_brightness(img, factor):
    # ImageEnhance.Brightness: blend with a black image of the same mode (alpha kept).
    return _blend(Image(_with_alpha(torch.zeros_like(img._data), img), img.mode), img, factor)


def _enhance_contrast(img, factor):
    # ImageEnhance.Contrast: blend with a grey image at int(mean luma + 0.5) (ImageStat's mean).
    lum = img._data if img.mode == "L" else img.convert("L")._data
    mean = int(lum.sum().item() / lum.numel() + 0.5)
    grey = torch.full_like(lum, mean)
    degenerate = Image(grey, "L") if img.mode == "L" else Image(grey, "L").convert(img.mode)
    return _blend(Image(_with_alpha(degenerate._data, img), img.mode), img, factor)


def _enhance_color(img, factor):
    # ImageEnhance.Color: blend with the image's luma (L, or LA for images with alpha) in its mode.
    if img.mode == "L":
        return _blend(img, img, factor)
    degenerate = img.convert("L").convert(img.mode)
    return _blend(Image(_with_alpha(degenerate._data, img), img.mode), img, factor)


def _open(data, name):
    # What torchvision's pil_loader gets from PIL.Image.open for a PNG file, in Pillow's 8-bit terms:
    # 1/2/4-bit grey scaled to 0..255 (its L;1/L;2/L;4 unpackers), 16-bit colour samples to their high
    # byte, grey+alpha and palette images as RGBA (their RGB conversion is what loaders ask for).
    import _png
    if data[:8] != _png.SIGNATURE:
        raise NotImplementedError(f"loading {name!r}: Kiln decodes PNG images only (it has no Pillow decoders for "
                                  "JPEG and other formats). Convert the images to PNG, give DatasetFolder a loader of "
                                  "your own (torch.load, numpy.load) or use torchvision.datasets.FakeData")
    a, color, depth, palette, trns = _png.read(data)
    if color == 0:
        if depth == 16:
            raise NotImplementedError(f"loading {name!r}: 16-bit grey PNG images (Pillow's mode I;16) are not "
                                      "supported by Kiln's PIL stand-in")
        return Image(torch.from_numpy(a[:, :, 0] * (255 // ((1 << depth) - 1))), "L")
    if color == 3:
        # PngImagePlugin: mode P with the PLTE palette; a tRNS chunk becomes info["transparency"] (the
        # index of its first fully transparent entry when it has one, else the alpha bytes)
        im = Image(torch.from_numpy(a[:, :, 0]), "P", list(palette))
        if trns:
            i = bytes(trns).find(b"\0")
            im.info["transparency"] = i if i >= 0 else bytes(trns)
        return im
    a = torch.from_numpy(a)
    if depth == 16:
        a = a // 256
    if color == 4:
        g, alpha = a[:, :, 0:1], a[:, :, 1:2]
        return Image(torch.cat([g, g, g, alpha], dim=2), "RGBA")
    return Image(a, "RGB" if color == 2 else "RGBA")


def _is_pil_image(img):
    return isinstance(img, Image)


def _pil_error(what):
    return TypeError(
        f"{what}: PIL is not available in Kiln, so PIL images cannot be made or read (only the stand-in images of "
        "torchvision.datasets / ToPILImage). Use tensors (C, H, W) or numpy arrays (H, W, C) instead"
    )
