# Palette ("P") images as segmentation code uses them: Pascal VOC / Cityscapes-style label masks are
# palette PNGs, and pytorch-deeplab-xception's (and most segmentation repositories') dataset code opens
# them with Image.open, flips / resizes / crops / pads them together with the RGB image, and reads the
# class indices with np.array(mask). Pillow keeps such files in mode P: np.array gives the indices,
# resizing and rotating use nearest neighbour whatever filter is asked, ImageOps.expand fills with an
# index and keeps the palette, and convert() looks the indices up in the palette. Colourising a
# prediction: Image.fromarray(pred).putpalette(...) turns an L image into P.
import io

import numpy as np
import torch
from PIL import Image, ImageOps
import torchvision.transforms.functional as TF


def voc_palette(n=256):
    pal = []
    for i in range(n):
        c, r, g, b = i, 0, 0, 0
        for j in range(8):
            r |= ((c >> 0) & 1) << (7 - j)
            g |= ((c >> 1) & 1) << (7 - j)
            b |= ((c >> 2) & 1) << (7 - j)
            c >>= 3
        pal += [r, g, b]
    return pal


np.random.seed(0)
labels = np.random.randint(0, 21, size=(9, 12)).astype(np.uint8)
labels[0, :3] = 255  # the "void" border index
mask = Image.fromarray(labels)
print(mask.mode, mask.size)
mask.putpalette(voc_palette())
print(mask.mode, mask.getpalette()[:9], len(mask.getpalette()))
buf = io.BytesIO()
mask.save(buf, format="PNG")
buf.seek(0)
m = Image.open(buf)
print(m.mode, m.size, np.array(m).dtype, np.array(m).shape, bool((np.array(m) == labels).all()))
print(m.getpalette()[:12])
print(np.array(m.convert("RGB"))[0, :4].tolist())
print(np.array(m.convert("L"))[1, :6].tolist())
print(np.array(m.convert("RGBA"))[2, :2].tolist())

# the joint transforms of a segmentation data pipeline
flipped = m.transpose(Image.FLIP_LEFT_RIGHT)
print(flipped.mode, np.array(flipped)[0].tolist())
small = m.resize((7, 5), Image.BILINEAR)  # nearest for a palette image
print(small.mode, np.array(small).tolist())
big = m.resize((15, 11), Image.BICUBIC)
print(np.array(big)[3].tolist())
padded = ImageOps.expand(m, border=(0, 0, 3, 2), fill=255)
print(padded.mode, padded.size, np.array(padded)[-1].tolist(), np.array(padded)[0, -4:].tolist(),
      padded.getpalette()[3:6])
crop = m.crop((2, 1, 8, 6))
print(crop.mode, np.array(crop).tolist())
rot = m.rotate(30, Image.BILINEAR)
print(rot.mode, np.array(rot)[4].tolist())
t = torch.from_numpy(np.array(m)).long()
print(t.dtype, t.shape, t.unique().numel(), int(t.max()))
print(TF.to_tensor(m).shape, round(float(TF.to_tensor(m).max()), 4), TF.pil_to_tensor(m).dtype)
print(np.array(TF.pad(m, [1, 2], fill=255)).shape, TF.pad(m, [1, 2], fill=255).mode)
try:
    m.filter(__import__("PIL.ImageFilter", fromlist=["BLUR"]).GaussianBlur(1))
except ValueError as e:
    print("ValueError:", e)
try:
    Image.new("RGB", (2, 2)).putpalette([0, 0, 0])
except ValueError as e:
    print("ValueError:", e)
