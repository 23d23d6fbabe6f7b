# PIL.Image as data code uses it beside torch: Image.fromarray's mode inference (uint8 L / RGB / RGBA,
# int32 I, float32 / float64 F), np.array / np.asarray round trips, Image.new with colours, convert
# between L / RGB / RGBA / F (Pillow's fixed-point luma), resize with the default filter and each
# Resampling member, crop (also past the edges), rotate, transpose, split / merge, getpixel / putpixel,
# save as PNG and Image.open back, isinstance checks and the dtype error.
import os
import tempfile

import numpy as np
from PIL import Image

rs = np.random.RandomState(0)
rgb = rs.randint(0, 256, size=(6, 8, 3)).astype(np.uint8)
grey = rs.randint(0, 256, size=(5, 7)).astype(np.uint8)
rgba = rs.randint(0, 256, size=(4, 3, 4)).astype(np.uint8)

for a in (rgb, grey, rgba, grey.astype(np.int32), grey.astype(np.float32) / 3, np.linspace(0, 300, 12).reshape(3, 4)):
    im = Image.fromarray(a)
    back = np.asarray(im)
    print(im.mode, im.size, im.width, im.height, back.dtype, back.shape, isinstance(im, Image.Image))

im = Image.fromarray(rgb)
print(np.array_equal(np.array(im), rgb), np.array(im)[2, 3].tolist())
print(im.getpixel((3, 2)), Image.fromarray(grey).getpixel((1, 1)))
try:
    Image.fromarray(grey.astype(np.int64))
except TypeError as e:
    print("TypeError:", e)

# convert: luma, alpha added and dropped, float and back
L = im.convert("L")
print(L.mode, np.asarray(L).tolist()[0])
print(np.asarray(im.convert("RGBA"))[0, :2].tolist(), np.asarray(Image.fromarray(rgba).convert("RGB")).shape)
print(np.asarray(Image.fromarray(grey).convert("RGB"))[0, :2].tolist())
f = Image.fromarray(np.array([[-3.5, 0.4, 1.9], [128.7, 254.99, 300.0]], dtype=np.float32))
print(f.mode, np.asarray(f.convert("L")).tolist(), np.asarray(Image.fromarray(grey).convert("F")).dtype)

# new with colours
for mode, color in (("RGB", (10, 20, 30)), ("L", 7), ("RGB", "white"), ("L", "red"), ("RGBA", (1, 2, 3)), ("RGB", 0)):
    n = Image.new(mode, (3, 2), color)
    print(mode, color, np.asarray(n)[0, 0].tolist() if n.mode != "L" else np.asarray(n)[0, 0].item())

# resize: the default (BICUBIC), each filter, up and down, the legacy names
print(np.asarray(im.resize((4, 3))).sum(axis=2).tolist())
for name in ("NEAREST", "BILINEAR", "BICUBIC", "LANCZOS", "BOX", "HAMMING"):
    r = Image.fromarray(grey).resize((10, 3), getattr(Image.Resampling, name))
    print(name, int(getattr(Image.Resampling, name)), np.asarray(r)[1].tolist())
print(Image.BILINEAR == Image.Resampling.BILINEAR, Image.NEAREST, Image.BICUBIC, Image.LANCZOS)
print(np.asarray(im.resize((12, 9), Image.BILINEAR))[4, :4, 0].tolist())
fr = Image.fromarray((grey.astype(np.float32) / 7)).resize((3, 4), Image.BILINEAR)
print(fr.mode, np.round(np.asarray(fr), 4).tolist())

# geometry
print(np.asarray(im.crop((1, 2, 5, 4)))[:, :, 0].tolist())
print(np.asarray(Image.fromarray(grey).crop((-1, -1, 3, 2))).tolist())
g = Image.fromarray(grey)
print(np.asarray(g.transpose(Image.FLIP_LEFT_RIGHT))[0].tolist(), np.asarray(g.transpose(Image.Transpose.FLIP_TOP_BOTTOM))[0].tolist())
print(np.asarray(g.transpose(Image.ROTATE_90)).shape, np.asarray(g.rotate(90, expand=True)).shape)
print(np.asarray(g.rotate(180)).tolist()[0], np.asarray(g.rotate(30)).tolist()[2])
print(np.asarray(g.rotate(45, expand=True)).shape)

# bands, pixels, copies
bands = im.split()
print(len(bands), [b.mode for b in bands], np.asarray(bands[1])[0].tolist())
m = Image.merge("RGB", (bands[2], bands[1], bands[0]))
print(np.asarray(m)[0, 0].tolist(), m.getbands())
c = g.copy()
c.putpixel((0, 0), 255)
print(c.getpixel((0, 0)), g.getpixel((0, 0)), g.getextrema())

# PNG round trip through a file
with tempfile.TemporaryDirectory() as d:
    for src in (im, g, Image.fromarray(rgba)):
        p = os.path.join(d, "x.png")
        src.save(p)
        with Image.open(p) as back:
            print(back.format, back.mode, back.size, np.array_equal(np.asarray(back), np.asarray(src)))
    back = Image.open(p).convert("RGB")
    print(back.mode, np.asarray(back).shape)
