# Image.putdata, the way scripts build small test images from Python lists (rosinality-style data
# preparation, textbook examples): the sequence fills pixels in row order, a short sequence leaves the
# rest, a long one is a TypeError (as Pillow raises it); L values are clipped to 0..255, scale/offset apply to single-band
# images (and floats are truncated), RGB takes tuples and packed ints, RGBA pads a 3-tuple with 255.
from PIL import Image

im = Image.new("L", (4, 3), 7)
im.putdata([0, 50, 300, -5, 128])
print(im.size, im.mode, list(im.getdata()))

im.putdata([1, 2, 3], scale=2.5, offset=0.75)
print(list(im.getdata())[:6])

f = Image.new("F", (2, 2))
f.putdata([0.5, 1.25, -2.0, 3.0], scale=2.0, offset=1.0)
print(list(f.getdata()))

i32 = Image.new("I", (3, 1))
i32.putdata([10, -20, 70000])
print(list(i32.getdata()))

rgb = Image.new("RGB", (3, 2), "white")
rgb.putdata([(255, 0, 0), (0, 255, 0), 0x102030])
print(list(rgb.getdata()))
print(rgb.getpixel((2, 0)), rgb.getpixel((0, 1)))

rgba = Image.new("RGBA", (2, 1))
rgba.putdata([(1, 2, 3), (4, 5, 6, 7)])
print(list(rgba.getdata()))

try:
    Image.new("L", (2, 2)).putdata(list(range(5)))
except TypeError as e:
    print("TypeError:", e)

