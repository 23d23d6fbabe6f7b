# badinput: Image.open of a file that is no image: the error class is PIL.UnidentifiedImageError, as tracebacks print it
# expect-exit: 1
# expect-stderr: PIL.UnidentifiedImageError: cannot identify image file 'h26_garbage.png'
from PIL import Image, UnidentifiedImageError
assert UnidentifiedImageError is Image.UnidentifiedImageError
with open('h26_garbage.png', 'wb') as f:
    f.write(b'not an image')
try:
    Image.open('h26_garbage.png')
finally:
    import os
    os.remove('h26_garbage.png')
