# PIL.ImageFile for Kiln: the module-level settings of Pillow 12's ImageFile that data-loading code sets
# before reading images (`from PIL import ImageFile; ImageFile.LOAD_TRUNCATED_IMAGES = True` in detection,
# segmentation and Kaggle loaders), the decoder error table, and the ImageFile base class (a subclass of
# Image.Image, for isinstance checks and subclassing). Kiln's PNG reader does not consult
# LOAD_TRUNCATED_IMAGES: a truncated file is an error either way. Parser, PyDecoder/PyEncoder and the
# plugin machinery are left out (Kiln registers no image plugins).
from PIL import Image

MAXBLOCK = 65536
SAFEBLOCK = 1024 * 1024

LOAD_TRUNCATED_IMAGES = False
"""Whether or not to load truncated image files. User code may change this."""

ERRORS = {
    -1: "image buffer overrun error",
    -2: "decoding error",
    -3: "unknown error",
    -8: "bad configuration",
    -9: "out of memory error",
}


def _get_oserror(error, *, encoder):
    msg = ERRORS.get(error)
    if not msg:
        msg = f"{'encoder' if encoder else 'decoder'} error {error}"
    msg += f" when {'writing' if encoder else 'reading'} image file"
    return OSError(msg)


class ImageFile(Image.Image):
    """Base class for image file format handlers."""
    pass


class StubImageFile(ImageFile):
    """Base class for stub image loaders."""
    pass
