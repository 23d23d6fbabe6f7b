#!/usr/bin/env python3
"""Checks the desktop app's smoke screenshot (a 24-bit BMP) for drawn regions.

    check_screenshot.py native-app-smoke.bmp

A region passes when it is not one flat colour: at least 1% of its pixels differ from its most
common colour (text, widgets), with at least 3 distinct colours. The regions are where the
playground draws its menu bar, its editor and its panels (playground/app.cpp's layout). Exit 0
when every region passes; otherwise each failing region is named.
"""
import struct
import sys
from collections import Counter

REGIONS = {  # name: (x0, y0, x1, y1) as fractions of the window, top-left origin
    'menu bar': (0.0, 0.0, 0.6, 0.03),
    'editor': (0.02, 0.12, 0.42, 0.5),
    'panels': (0.5, 0.08, 0.98, 0.5),
}


def read_bmp(path):
    data = open(path, 'rb').read()
    if data[:2] != b'BM':
        raise SystemExit(f'{path}: not a BMP file')
    offset, = struct.unpack_from('<I', data, 10)
    width, height, _, bpp = struct.unpack_from('<iiHH', data, 18)
    if bpp not in (24, 32):
        raise SystemExit(f'{path}: expected 24 or 32 bits per pixel, got {bpp}')
    bottom_up = height > 0
    height = abs(height)
    step = bpp // 8
    stride = (width * step + 3) & ~3

    def pixel(x, y):
        row = height - 1 - y if bottom_up else y
        i = offset + row * stride + x * step
        return data[i:i + 3]
    return width, height, pixel


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    width, height, pixel = read_bmp(sys.argv[1])
    failures = []
    for name, (fx0, fy0, fx1, fy1) in REGIONS.items():
        xs = range(int(fx0 * width), int(fx1 * width))
        ys = range(int(fy0 * height), max(int(fy1 * height), int(fy0 * height) + 1))
        colours = Counter(pixel(x, y) for y in ys for x in xs)
        total = sum(colours.values())
        _, common = colours.most_common(1)[0]
        drawn = (total - common) / total
        ok = drawn >= 0.01 and len(colours) >= 3
        print(f'{"ok  " if ok else "FAIL"} {name}: {drawn:.1%} of {total} pixels drawn, {len(colours)} colours')
        if not ok:
            failures.append(name)
    print(f'screenshot {width}x{height}: ' + ('every region drawn' if not failures else 'blank: ' + ', '.join(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
