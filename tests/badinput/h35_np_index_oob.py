# badinput: an array index past its size
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for axis 0 with size 3
import numpy as np
np.arange(3)[5]
