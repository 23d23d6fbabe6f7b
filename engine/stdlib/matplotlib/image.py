# matplotlib.image for Kiln: imread of PNG files (course helpers load a picture once at import, e.g.
# plt.imread('res/ziegler.png') to colour scatter plots). matplotlib reads through Pillow and returns a
# float32 array in [0, 1] (its _pil_png_to_float_array): 8-bit grey (H, W), RGB (H, W, 3) and RGBA
# (H, W, 4) divided by 255; 16-bit grey divided by 65535; 16-bit RGB/RGBA/LA coarsened to their high
# byte first, as Pillow does; palette and grey+alpha images converted to RGBA; 1/2/4-bit grey as 0..1,
# /3, /15. The chunks and filters follow the PNG specification (zlib inflates the IDAT stream, the
# native _zlib._png_unfilter undoes the scanline filters, Adam7 passes are scattered back). Other
# formats (JPEG, TIFF, ...) need Pillow's decoders, which Kiln does not have: they raise.
import struct

import numpy as np

__all__ = ["imread"]

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7 passes: (x start, y start, x step, y step)
_ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def _samples(raw, height, width, channels, depth):
    # The unfiltered scanlines as an int64 array (height, width * channels) of sample values.
    import _zlib
    rowbytes = (width * channels * depth + 7) // 8
    bpp = max(1, channels * depth // 8)
    data = _zlib._png_unfilter(raw, height, rowbytes, bpp)
    a = np.frombuffer(data, dtype=np.uint8).astype(np.int64).reshape(height, rowbytes)
    if depth == 16:
        a = a[:, 0::2] * 256 + a[:, 1::2]
    elif depth < 8:
        per = 8 // depth
        parts = [a // (1 << (8 - depth * (k + 1))) % (1 << depth) for k in range(per)]
        a = np.stack(parts, axis=2).reshape(height, rowbytes * per)[:, :width * channels]
    return a


def _read_png(data):
    if data[:8] != _PNG_SIGNATURE:
        raise ValueError("not a PNG file")
    pos = 8
    header = None
    palette = None
    trns = None
    idat = []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise SyntaxError("not a PNG file")
    width, height, depth, color, _, _, interlace = header
    channels = _CHANNELS[color]
    import zlib
    raw = zlib.decompress(b"".join(idat))
    if not interlace:
        a = _samples(raw, height, width, channels, depth)
    else:
        a = np.zeros((height, width * channels), dtype=np.int64)
        offset = 0
        for x0, y0, dx, dy in _ADAM7:
            pw = (width - x0 + dx - 1) // dx
            ph = (height - y0 + dy - 1) // dy
            if pw <= 0 or ph <= 0:
                continue
            size = ph * (1 + (pw * channels * depth + 7) // 8)
            sub = _samples(raw[offset:offset + size], ph, pw, channels, depth).reshape(ph, pw, channels)
            offset += size
            full = a.reshape(height, width, channels)
            full[y0::dy, x0::dx] = sub
            a = full.reshape(height, width * channels)
    a = a.reshape(height, width, channels)
    if color == 3:
        # Palette: Pillow converts to RGBA, alpha from tRNS (255 where it has no entry).
        n = len(palette) // 3
        alpha = list(trns or b"") + [255] * (n - len(trns or b""))
        table = np.array([[palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], alpha[i]] for i in range(n)],
                         dtype=np.int64)
        return table[a[:, :, 0]].astype(np.float32) / np.float32(255)
    if depth == 16 and color != 0:
        a = a // 256  # Pillow keeps the high byte of 16-bit colour samples
    if color == 4:
        g, alpha = a[:, :, 0:1], a[:, :, 1:2]
        return np.concatenate([g, g, g, alpha], axis=2).astype(np.float32) / np.float32(255)
    if color == 0:
        a = a[:, :, 0]
        scale = {1: 1, 2: 3, 4: 15, 8: 255, 16: 65535}[depth]
        return a.astype(np.float32) / np.float32(scale)
    return a.astype(np.float32) / np.float32(255)


def imread(fname, format=None):
    if hasattr(fname, "read"):
        data = fname.read()
        name = ""
    else:
        name = str(fname)
        if name.startswith(("http://", "https://")):
            raise ValueError("Please open the URL for reading and pass the result to Pillow, e.g. with "
                             "``np.array(PIL.Image.open(urllib.request.urlopen(url)))``.")
        with open(name, "rb") as f:
            data = f.read()
    if data[:8] == _PNG_SIGNATURE:
        return _read_png(data)
    raise NotImplementedError(f"matplotlib.image.imread: Kiln reads PNG files only (no Pillow for other formats): "
                              f"{name or 'file object'}")
