# PIL.ImageFilter for Kiln: Pillow 12's filter classes that data augmentation uses, GaussianBlur (the
# SimCLR / MoCo v2 / SimSiam / BYOL / DINO blur: `img.filter(ImageFilter.GaussianBlur(radius=sigma))`)
# and BoxBlur, applied by Image.filter through torchvision._image's port of libImaging/BoxBlur.c, so the
# pixels are Pillow's. The convolution-kernel filters (BLUR, SHARPEN, Kernel, RankFilter...) are left out.


class Filter:
    pass


class MultibandFilter(Filter):
    pass


def _radius_xy(radius):
    # a blur radius as given (one number for both axes, or an (x, y) pair) as an (x, y) pair
    if isinstance(radius, (int, float)):
        return (radius, radius)
    return radius


class GaussianBlur(MultibandFilter):
    """Blurs the image with a sequence of extended box filters, which
    approximates a Gaussian kernel."""

    name = "GaussianBlur"

    def __init__(self, radius=2):
        self.radius = radius

    def filter(self, image):
        xy = _radius_xy(self.radius)
        if xy == (0, 0):
            return image.copy()
        return image.gaussian_blur(xy)


class BoxBlur(MultibandFilter):
    """Blurs the image by setting each pixel to the average value of the pixels
    in a square box extending radius pixels in each direction."""

    name = "BoxBlur"

    def __init__(self, radius):
        xy = _radius_xy(radius)
        if xy[0] < 0 or xy[1] < 0:
            raise ValueError("radius must be >= 0")
        self.radius = radius

    def filter(self, image):
        xy = _radius_xy(self.radius)
        if xy == (0, 0):
            return image.copy()
        return image.box_blur(xy)
