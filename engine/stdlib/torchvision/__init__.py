# torchvision for Kiln: the parts of torchvision 0.26 that training programs and tutorials use, written
# in Kiln's Python over Kiln's torch: models (the classification models but MaxViT: see models/__init__.py),
# transforms (+ transforms.v2 and transforms.functional), datasets (FakeData generated as torchvision
# does; the download datasets read nothing from the network), utils (make_grid, save_image as PNG), ops
# (boxes and the model building blocks), io (PNG writing only). PIL images are torchvision._image.Image
# (pixels as an int64 tensor), which Kiln's PIL package exposes as PIL.Image.Image; ToTensor, crop, flip,
# pad, grayscale and resize (PIL's own filters) accept them. Left out: image/video decoding, tv_tensors, the detection / segmentation / video models,
# extension ops (roi_align, deform_conv2d).
__version__ = "0.26.0"

import torch

from torchvision import models, ops, transforms, datasets, utils, io


def _is_tracing():
    return torch._C._get_tracing_state()


def get_image_backend():
    return "PIL"


def set_image_backend(backend):
    if backend not in ["PIL", "accimage"]:
        raise ValueError(f"Invalid backend '{backend}'. Options are 'PIL' and 'accimage'")
    if backend != "PIL":
        raise NotImplementedError("torchvision.set_image_backend('accimage'): accimage is not available in Kiln")


def get_video_backend():
    return "pyav"
