# badinput: np.random.normal with a negative scale
# expect-exit: 1
# expect-stderr: ValueError: scale < 0
import numpy as np
np.random.normal(0, -1)
