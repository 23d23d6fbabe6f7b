# badinput: np.zeros(-1)
# expect-exit: 1
# expect-stderr: ValueError: negative dimensions are not allowed
import numpy as np
np.zeros(-1)
