# badinput: PIL Image.resize to a zero width: ImagingResample's ValueError (was a ZeroDivisionError)
# expect-exit: 1
# expect-stderr: ValueError: height and width must be > 0
from PIL import Image
Image.new('RGB', (4, 4)).resize((0, 3))
