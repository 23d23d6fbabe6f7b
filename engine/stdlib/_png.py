# _png: the PNG reader Kiln's image loaders share (matplotlib.image.imread, torchvision's
# default_loader for ImageFolder). read() parses the chunks, inflates the IDAT stream (zlib), undoes
# the scanline filters (the native _zlib._png_unfilter) and scatters Adam7 passes back, following the
# PNG specification; it returns the samples as stored, each caller converts them the way its library
# does (matplotlib to floats, Pillow to 8-bit modes).
import struct

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
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


def read(data):
    # -> (samples: int64 array (height, width, channels), colour type, bit depth, PLTE bytes, tRNS bytes)
    if data[:8] != SIGNATURE:
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
    channels = CHANNELS[color]
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
    return a.reshape(height, width, channels), color, depth, palette, trns
