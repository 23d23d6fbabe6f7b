# PIL.ImageOps for Kiln: the pixel-exact helpers data code uses (flip, mirror, grayscale, invert) over
# torchvision._image; the resampling ones (fit, pad, contain) and autocontrast / equalize are left out.
from torchvision._image import Image, FLIP_LEFT_RIGHT, FLIP_TOP_BOTTOM


def flip(image):
    return image.transpose(FLIP_TOP_BOTTOM)


def mirror(image):
    return image.transpose(FLIP_LEFT_RIGHT)


def grayscale(image):
    return image.convert("L")


def invert(image):
    if image.mode not in ("L", "RGB"):
        raise OSError("not supported for mode " + image.mode)
    return Image(255 - image._data, image.mode)
