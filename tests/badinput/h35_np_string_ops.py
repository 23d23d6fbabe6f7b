# badinput: an int array plus a str
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'numpy.ndarray' and 'str'
import numpy as np
np.array([1, 2]) + "a"
