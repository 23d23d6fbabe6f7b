# badinput: np.uint8(-1)
# expect-exit: 1
# expect-stderr: OverflowError: Python integer -1 out of bounds for uint8
import numpy as np
np.uint8(-1)
