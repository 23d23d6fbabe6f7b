# PIL.ImageOps for Kiln: the pixel-exact helpers data code uses (flip, mirror, grayscale, invert, and the
# lookup-table ones self-supervised augmentations apply: solarize, as BYOL/DINO's Solarization transform
# calls it, and posterize) and expand (the border segmentation crops pad images and masks with) over
# torchvision._image; the resampling ones (fit, pad, contain) and autocontrast / equalize are left out.
from torchvision._image import Image, FLIP_LEFT_RIGHT, FLIP_TOP_BOTTOM


def flip(image):
    return image.transpose(FLIP_TOP_BOTTOM)


def mirror(image):
    return image.transpose(FLIP_LEFT_RIGHT)


def grayscale(image):
    return image.convert("L")


def _border(border):
    if isinstance(border, tuple):
        if len(border) == 2:
            left, top = right, bottom = border
        elif len(border) == 4:
            left, top, right, bottom = border
    else:
        left = top = right = bottom = border
    return left, top, right, bottom


def expand(image, border=0, fill=0):
    # ImageOps.expand: a new image of the grown size filled with `fill` (an index for palette images,
    # whose palette the result keeps), the image pasted at (left, top)
    left, top, right, bottom = _border(border)
    width = left + image.size[0] + right
    height = top + image.size[1] + bottom
    import torch
    d = image._data
    out = torch.zeros([height, width] + list(d.shape[2:]), dtype=d.dtype)
    out[...] = torch.tensor(fill, dtype=d.dtype)
    res = image._new(out)
    res.paste(image, (left, top))
    return res


def invert(image):
    if image.mode not in ("L", "RGB"):
        raise OSError("not supported for mode " + image.mode)
    return Image(255 - image._data, image.mode)


def _lut(image, lut):
    # ImageOps._lut: one 256-entry table applied to every band of an L or RGB image
    if image.mode == "P":
        raise NotImplementedError("mode P support coming soon")
    if image.mode not in ("L", "RGB"):
        raise OSError("not supported for mode " + image.mode)
    import torch
    return Image(torch.tensor(lut, dtype=torch.int64)[image._data], image.mode)


def solarize(image, threshold=128):
    lut = []
    for i in range(256):
        if i < threshold:
            lut.append(i)
        else:
            lut.append(255 - i)
    return _lut(image, lut)


def posterize(image, bits):
    mask = ~(2 ** (8 - bits) - 1)
    lut = [i & mask for i in range(256)]
    return _lut(image, lut)
