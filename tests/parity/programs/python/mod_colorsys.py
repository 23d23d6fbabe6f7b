# colorsys: every conversion on a grid of colours (corners, greys, mixed values) and back, printed
# with repr so each float must match CPython's bit for bit; integer inputs and out-of-cube YIQ.
import colorsys

vals = [0.0, 0.2, 0.5, 0.75, 1.0]
grid = [(r, g, b) for r in vals for g in vals for b in vals]
for rgb in grid[::7] + [(1, 0, 0), (0, 1, 1), (0.3, 0.3, 0.3), (0.9, 0.1, 0.4)]:
    hls = colorsys.rgb_to_hls(*rgb)
    hsv = colorsys.rgb_to_hsv(*rgb)
    yiq = colorsys.rgb_to_yiq(*rgb)
    print(rgb, hls, hsv, yiq)
    print("  back", colorsys.hls_to_rgb(*hls), colorsys.hsv_to_rgb(*hsv), colorsys.yiq_to_rgb(*yiq))

for h in [0.0, 0.1, 1 / 6, 0.3, 0.5, 2 / 3, 0.9, 1.0, 1.25, -0.2]:
    print(h, colorsys.hsv_to_rgb(h, 0.8, 0.6), colorsys.hls_to_rgb(h, 0.4, 0.7), colorsys.hls_to_rgb(h, 0.7, 0.5))
print(colorsys.yiq_to_rgb(1.0, 0.6, -0.6), colorsys.yiq_to_rgb(0.0, -0.5, 0.5))
print(colorsys.hsv_to_rgb(0.5, 0.0, 0.25), colorsys.hls_to_rgb(0.5, 0.25, 0.0))
print(colorsys.rgb_to_hsv(255, 128, 0), colorsys.rgb_to_hls(1, 1, 0))
print(sorted(colorsys.__all__), colorsys.ONE_THIRD, colorsys.TWO_THIRD)
