# PIL's RGB <-> YCbCr conversions (Pillow's ConvertYCbCr.c 6-bit tables: every pixel must be Pillow's,
# including the off-by-one round trip) as super-resolution code uses them: pytorch/examples
# super_resolution's load_img (`Image.open(p).convert('YCbCr')`, `y, _, _ = img.split()`), its
# super_resolve.py (Image.merge('YCbCr', [y, cb.resize(BICUBIC), cr]).convert('RGB')), ToTensor and
# CenterCrop/Resize of the Y band; L <-> YCbCr; saving a YCbCr image as PNG is refused as in Pillow.
import io

import numpy as np
import torch
import torchvision.transforms as T
from PIL import Image

rs = np.random.RandomState(5)
a = rs.randint(0, 256, (11, 13, 3)).astype(np.uint8)
a[0, :8] = [[0, 0, 0], [255, 255, 255], [255, 0, 0], [0, 255, 0], [0, 0, 255], [128, 128, 128], [1, 2, 3], [254, 1, 253]]
rgb = Image.fromarray(a)
yc = rgb.convert("YCbCr")
print(yc.mode, yc.size, np.array(yc).dtype, np.array(yc).shape, np.array(yc).sum())
print(np.array(yc)[0, :8].tolist())
print(np.array(yc)[5].tolist())
back = yc.convert("RGB")
print(back.mode, np.array(back)[0, :8].tolist(), int((np.array(back).astype(int) - a).min()), int((np.array(back).astype(int) - a).max()))
y, cb, cr = yc.split()
print(y.mode, np.array(y)[2].tolist(), np.array(cb)[3].tolist(), np.array(cr)[4].tolist())
print(np.array(yc.convert("L")).sum(), np.array(rgb.convert("L")).sum())
rgba = Image.fromarray(rs.randint(0, 256, (3, 4, 4)).astype(np.uint8))
print(np.array(rgba.convert("YCbCr")).tolist())
grey = Image.fromarray(rs.randint(0, 256, (2, 5)).astype(np.uint8))
print(np.array(grey.convert("YCbCr")).tolist(), np.array(grey.convert("YCbCr").convert("RGB"))[1].tolist())
t = T.ToTensor()(yc)
print(t.shape, t.dtype, round(t.sum().item(), 4))
crop = T.Compose([T.CenterCrop(9), T.Resize(3), T.ToTensor()])
print(crop(y).shape, [round(v, 4) for v in crop(y).reshape(-1).tolist()])
out_y = Image.fromarray(np.uint8(rs.rand(22, 26) * 255), mode="L")
merged = Image.merge("YCbCr", [out_y, cb.resize(out_y.size, Image.BICUBIC), cr.resize(out_y.size, Image.BICUBIC)]).convert("RGB")
print(merged.mode, merged.size, np.array(merged).sum(), np.array(merged)[7, :4].tolist())
try:
    yc.save(io.BytesIO(), format="PNG")
except OSError as e:
    print(type(e).__name__, e)
