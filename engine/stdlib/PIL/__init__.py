# PIL for Kiln: the parts of Pillow that PyTorch data code uses (PIL.Image: open of PNG files, new, fromarray,
# the Image class with convert / resize / crop / rotate / transpose / filter / save; PIL.ImageOps' flips,
# grayscale, solarize, posterize; PIL.ImageFilter's GaussianBlur and BoxBlur), over torchvision._image, whose
# images torchvision's transforms take. JPEG and the other codecs, drawing (ImageDraw), fonts and the
# kernel filters are left out: see engine/README.md.
__version__ = "12.3.0"


class UnidentifiedImageError(OSError):
    """Raised by Image.open when the file is no image it can read (Pillow's PIL.UnidentifiedImageError)."""
