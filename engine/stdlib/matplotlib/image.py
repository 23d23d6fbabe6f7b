# matplotlib.image for Kiln: imread of PNG files (course helpers load a picture once at import, e.g.
# plt.imread('res/ziegler.png') to colour scatter plots). matplotlib reads through Pillow and returns a
# float32 array in [0, 1] (its _pil_png_to_float_array): 8-bit grey (H, W), RGB (H, W, 3) and RGBA
# (H, W, 4) divided by 255; 16-bit grey divided by 65535; 16-bit RGB/RGBA/LA coarsened to their high
# byte first, as Pillow does; palette and grey+alpha images converted to RGBA; 1-bit grey as 0..1,
# 2/4-bit grey as Pillow's 8-bit values divided by 3 / 15 (0..85, 0..17: matplotlib's own arithmetic).
# The PNG itself is read by _png (chunks, inflate, scanline filters, Adam7). Other formats (JPEG,
# TIFF, ...) need Pillow's decoders, which Kiln does not have: they raise.
import numpy as np

__all__ = ["imread"]

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _read_png(data):
    import _png
    if data[:8] != _png.SIGNATURE:
        raise ValueError("not a PNG file")
    a, color, depth, palette, trns = _png.read(data)
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
        if depth in (2, 4):
            # Pillow unpacks L;2 / L;4 to 8 bits (x85, x17) and matplotlib then divides by 3 / 15, not 255
            a = a * (255 // ((1 << depth) - 1))
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
