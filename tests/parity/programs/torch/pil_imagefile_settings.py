# PIL.ImageFile's module settings that data loaders set before reading images (PyTorch-YOLOv3's
# utils/datasets.py: `from PIL import ImageFile; ImageFile.LOAD_TRUNCATED_IMAGES = True`), its error
# table and the ImageFile base class, then an image read as usual.
import os
import tempfile

import numpy as np
from PIL import Image, ImageFile

print(ImageFile.LOAD_TRUNCATED_IMAGES, ImageFile.MAXBLOCK, ImageFile.SAFEBLOCK)
ImageFile.LOAD_TRUNCATED_IMAGES = True
import PIL.ImageFile
print(PIL.ImageFile.LOAD_TRUNCATED_IMAGES, PIL.ImageFile is ImageFile)
print(issubclass(ImageFile.ImageFile, Image.Image), issubclass(ImageFile.StubImageFile, ImageFile.ImageFile))
print(sorted(ImageFile.ERRORS.items()))

d = tempfile.mkdtemp()
p = os.path.join(d, "x.png")
Image.fromarray((np.arange(48).reshape(4, 4, 3) * 5).astype(np.uint8)).save(p)
img = np.array(Image.open(p).convert("RGB"), dtype=np.uint8)
print(img.shape, img.dtype, int(img.sum()))
