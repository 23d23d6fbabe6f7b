# badinput: ndarray.argsort with an int kind (was silently ignored)
# expect-exit: 1
# expect-stderr: TypeError: sort kind must be str, not int
import numpy as np
np.ones(3).argsort(kind=5)
