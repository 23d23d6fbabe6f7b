# PIL.ImageFilter for Kiln: Pillow 12's filter classes that data augmentation uses, GaussianBlur (the
# SimCLR / MoCo v2 / SimSiam / BYOL / DINO blur: `img.filter(ImageFilter.GaussianBlur(radius=sigma))`)
# and BoxBlur, applied by Image.filter through torchvision._image's port of libImaging/BoxBlur.c, so the
# pixels are Pillow's. The convolution-kernel filters (BLUR, SHARPEN, Kernel, RankFilter...) are left out.


class Filter:
    pass


class MultibandFilter(Filter):
    pass


class GaussianBlur(MultibandFilter):
    """Blurs the image with a sequence of extended box filters, which
    approximates a Gaussian kernel."""

    name = "GaussianBlur"

    def __init__(self, radius=2):
        self.radius = radius

    def filter(self, image):
        xy = self.radius
        if isinstance(xy, (int, float)):
            xy = (xy, xy)
        if xy == (0, 0):
            return image.copy()
        return image.gaussian_blur(xy)


class BoxBlur(MultibandFilter):
    """Blurs the image by setting each pixel to the average value of the pixels
    in a square box extending radius pixels in each direction."""

    name = "BoxBlur"

    def __init__(self, radius):
        xy = radius
        if isinstance(xy, (int, float)):
            xy = (xy, xy)
        if xy[0] < 0 or xy[1] < 0:
            raise ValueError("radius must be >= 0")
        self.radius = radius

    def filter(self, image):
        xy = self.radius
        if isinstance(xy, (int, float)):
            xy = (xy, xy)
        if xy == (0, 0):
            return image.copy()
        return image.box_blur(xy)
