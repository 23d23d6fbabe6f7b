# torch.OutOfMemoryError / torch.cuda.OutOfMemoryError (one RuntimeError subclass, named in the
# `except torch.cuda.OutOfMemoryError:` handler of segmentation training scripts, evaluated when any
# exception passes through it), and np.array of the PIL images torchvision datasets hand over
# (MNIST tutorials' `x = np.array(x, dtype='float32') / 255`): uint8 pixels, (H, W) for "L" images.
import numpy as np
import torch
import torchvision.transforms.functional as TF
from torchvision import datasets

print(torch.OutOfMemoryError is torch.cuda.OutOfMemoryError, torch.OutOfMemoryError.__mro__[1].__name__)
print(torch.OutOfMemoryError.__name__, torch.OutOfMemoryError.__module__, torch.cuda.OutOfMemoryError)
print(issubclass(torch.AcceleratorError, RuntimeError), torch.cuda.AcceleratorError is torch.AcceleratorError)


def train():
    raise ValueError("bad batch")


try:
    try:
        train()
    except torch.cuda.OutOfMemoryError:
        print("oom")
except ValueError as e:
    print("ValueError:", e)
try:
    raise torch.OutOfMemoryError("CUDA out of memory.")
except RuntimeError as e:
    print(type(e).__name__, e)

ds = datasets.FakeData(size=2, image_size=(1, 5, 4), num_classes=3, random_offset=0)
img, label = ds[0]
a = np.array(img)
print(type(img).__name__, img.mode, img.size, a.dtype, a.shape)
print(a)
f = np.array(img, dtype="float32") / 255
print(f.dtype, f.shape, round(float(f.sum()), 4))
print(np.asarray(img).shape, np.float32(img).dtype)
rgb = datasets.FakeData(size=1, image_size=(3, 2, 3), num_classes=2)[0][0]
print(np.array(rgb).shape, np.array(rgb).dtype, np.array(rgb)[0, 0].tolist() == list(rgb.getpixel((0, 0))))
print(torch.equal(torch.from_numpy(np.array(rgb)).permute(2, 0, 1), TF.pil_to_tensor(rgb)))
