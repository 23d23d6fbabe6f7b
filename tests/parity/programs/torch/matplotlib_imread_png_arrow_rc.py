# plt.imread on PNG files (course helpers load a picture at import time), plt.arrow and plt.rc (the
# NYU deep-learning course's plot_lib). The program writes its PNGs itself: every colour type (grey,
# RGB, palette with tRNS, grey+alpha, RGBA), bit depths 1/2/4/8/16, all five scanline filters and an
# Adam7-interlaced image; imread must give matplotlib's float32 arrays in [0, 1] (16-bit colour kept to
# its high byte, palette and grey+alpha as RGBA). arrow: the FancyArrow patch and the data limits its
# outline extends; rc: rcParams keys with the lw/ls/c aliases and tuple groups.
import os
import random
import struct
import tempfile
import zlib

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

random.seed(0)
tmp = tempfile.mkdtemp()


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(rows, bpp):
    # Each scanline with a filter type cycling 0..4 (the encoder side of PNG's filters).
    out = b""
    prev = bytes(len(rows[0])) if rows else b""
    for i, row in enumerate(rows):
        ft = i % 5
        line = bytearray()
        for x in range(len(row)):
            a = row[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ft]
            line.append((row[x] - pred) % 256)
        out += bytes([ft]) + bytes(line)
        prev = row
    return out


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    per = 8 // depth
    out = bytearray()
    for i in range(0, len(samples), per):
        byte = 0
        group = samples[i:i + per]
        for k, s in enumerate(group):
            byte |= s << (8 - depth * (k + 1))
        out.append(byte)
    return bytes(out)


def write_png(name, width, height, depth, color, pixels, plte=None, trns=None, interlace=0):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    bpp = max(1, channels * depth // 8)

    def rows_of(xs, ys):
        return [pack_row([v for x in xs for v in pixels[y][x]], depth) for y in ys]

    if not interlace:
        raw = filtered(rows_of(range(width), range(height)), bpp)
    else:
        raw = b""
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                               (0, 1, 1, 2)]:
            xs, ys = list(range(x0, width, dx)), list(range(y0, height, dy))
            if xs and ys:
                raw += filtered(rows_of(xs, ys), bpp)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))
    if plte:
        data += chunk(b"PLTE", plte)
    if trns:
        data += chunk(b"tRNS", trns)
    data += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def image(width, height, channels, top):
    return [[tuple(random.randint(0, top) for _ in range(channels)) for _ in range(width)] for _ in range(height)]


def show(name, a, expected):
    exp = np.array(expected, dtype=np.float32)
    print(name, a.shape, a.dtype, float(a.min()), float(a.max()), bool(np.array_equal(a, exp)))
    print("  ", np.round(a.reshape(-1)[:6].astype(np.float64), 5).tolist())


W, H = 11, 7
for depth in (8, 16):
    px = image(W, H, 3, 2 ** depth - 1)
    a = plt.imread(write_png(f"rgb{depth}.png", W, H, depth, 2, px))
    top = 255 if depth == 8 else 65535
    show(f"rgb{depth}", a, [[[(v >> 8 if depth == 16 else v) / np.float32(255) for v in p] for p in r] for r in px])
for depth in (1, 2, 4, 8, 16):
    px = image(W, H, 1, 2 ** depth - 1)
    a = plt.imread(write_png(f"grey{depth}.png", W, H, depth, 0, px))
    show(f"grey{depth}", a, [[p[0] / np.float32(2 ** depth - 1) for p in r] for r in px])
px = image(W, H, 4, 255)
show("rgba8", plt.imread(write_png("rgba.png", W, H, 8, 6, px)), [[[v / np.float32(255) for v in p] for p in r] for r in px])
px = image(W, H, 2, 255)
show("grey_alpha8", plt.imread(write_png("la.png", W, H, 8, 4, px)),
     [[[p[0] / np.float32(255)] * 3 + [p[1] / np.float32(255)] for p in r] for r in px])
pal = [(random.randint(0, 255), random.randint(0, 255), random.randint(0, 255)) for _ in range(6)]
for depth in (4, 8):
    px = image(W, H, 1, 5)
    path = write_png(f"pal{depth}.png", W, H, depth, 3, px, plte=bytes(v for c in pal for v in c), trns=bytes([0, 128]))
    alpha = [0, 128, 255, 255, 255, 255]
    show(f"palette{depth}", plt.imread(path), [[[v / np.float32(255) for v in pal[p[0]] + (alpha[p[0]],)] for p in r]
                                                for r in px])
px = image(13, 9, 3, 255)
show("rgb8_adam7", plt.imread(write_png("adam7.png", 13, 9, 8, 2, px, interlace=1)),
     [[[v / np.float32(255) for v in p] for p in r] for r in px])
with open(os.path.join(tmp, "rgb8.png"), "rb") as f:
    print("file object:", plt.imread(f).shape)
try:
    plt.imread(os.path.join(tmp, "missing.png"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)

fig, ax = plt.subplots()
ax.plot([0, 1], [0, 1])
arr = ax.arrow(0, 0, 2, 1, width=0.1, color="r", length_includes_head=True)
print(type(arr).__name__, type(arr).__module__, len(ax.patches))
print(np.round(np.array(arr.get_xy()), 4).tolist())
print(np.round(ax.get_xlim(), 4).tolist(), np.round(ax.get_ylim(), 4).tolist())
arr2 = plt.arrow(1, 2, 0, -3, width=0.04)
print(np.round(plt.gca().get_ylim(), 4).tolist())
plt.rc("lines", lw=3, ls="--", c="k")
plt.rc(("xtick", "ytick"), labelsize=8)
matplotlib.rc("axes", facecolor="k")
print([(k, matplotlib.rcParams[k]) for k in ("lines.linestyle", "lines.color", "axes.facecolor")])
print([(k, float(matplotlib.rcParams[k])) for k in ("lines.linewidth", "xtick.labelsize", "ytick.labelsize")])
plt.close("all")
