# PIL.ImageFilter's GaussianBlur / BoxBlur through Image.filter (libImaging/BoxBlur.c's extended box
# filters in 24-bit fixed point: every pixel must be Pillow's) and ImageOps.solarize / posterize, as
# self-supervised pipelines augment (facebookresearch/simsiam simsiam/loader.py GaussianBlur, MoCo v2,
# BYOL/DINO Solarization), then the SimSiam two-crop pipeline over FakeData into ToTensor.
import random

import numpy as np
import torch
import torchvision.transforms as transforms
from PIL import Image, ImageFilter, ImageOps
from torchvision import datasets

rs = np.random.RandomState(3)
rgb = Image.fromarray(rs.randint(0, 256, (13, 17, 3)).astype(np.uint8))
grey = Image.fromarray(rs.randint(0, 256, (9, 5)).astype(np.uint8))
rgba = Image.fromarray(rs.randint(0, 256, (6, 7, 4)).astype(np.uint8))
for im in (rgb, grey, rgba):
    for r in (0.1, 0.5, 0.77, 1, 1.5, 2, 2.3, 3.9, 7):
        out = im.filter(ImageFilter.GaussianBlur(radius=r))
        a = np.array(out)
        print(im.mode, r, out.mode, out.size, a.sum(), a.reshape(-1)[:6].tolist(), a.reshape(-1)[-3:].tolist())
    for r in (0, 1, 2.5, (1, 3), 10):
        out = im.filter(ImageFilter.BoxBlur(r))
        print("box", r, np.array(out).sum(), np.array(out).reshape(-1)[:5].tolist())
print(np.array(rgb.filter(ImageFilter.GaussianBlur((2, 0.5))))[4].tolist())
print(np.array(grey.filter(ImageFilter.GaussianBlur)).tolist())
print(np.array(ImageOps.solarize(rgb))[0].tolist())
print(np.array(ImageOps.solarize(grey, threshold=200)).tolist())
print(np.array(ImageOps.posterize(rgb, 3))[1].tolist())
for bad in (lambda: Image.fromarray(np.ones((3, 3), np.float32)).filter(ImageFilter.GaussianBlur(1)),
            lambda: ImageFilter.BoxBlur(-1), lambda: rgb.filter(3), lambda: ImageOps.solarize(rgba)):
    try:
        bad()
    except (ValueError, TypeError, OSError) as e:
        print(type(e).__name__, e)


class GaussianBlur(object):
    """Gaussian blur augmentation in SimCLR https://arxiv.org/abs/2002.05709"""

    def __init__(self, sigma=[.1, 2.]):
        self.sigma = sigma

    def __call__(self, x):
        sigma = random.uniform(self.sigma[0], self.sigma[1])
        x = x.filter(ImageFilter.GaussianBlur(radius=sigma))
        return x


random.seed(0)
torch.manual_seed(0)
augmentation = transforms.Compose([
    transforms.RandomResizedCrop(24, scale=(0.2, 1.)),
    transforms.RandomApply([transforms.ColorJitter(0.4, 0.4, 0.4, 0.1)], p=0.8),
    transforms.RandomGrayscale(p=0.2),
    transforms.RandomApply([GaussianBlur([.1, 2.])], p=0.5),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
])
data = datasets.FakeData(4, (3, 32, 32), 10, lambda x: [augmentation(x), augmentation(x)])
for (q, k), label in data:
    print(label, tuple(q.shape), round(q.sum().item(), 3), round(k.sum().item(), 3), round((q - k).abs().max().item(), 4))
