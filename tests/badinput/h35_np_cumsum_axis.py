# badinput: np.cumsum over axis 1 of a vector
# expect-exit: 1
# expect-stderr: numpy.exceptions.AxisError: axis 1 is out of bounds for array of dimension 1
import numpy as np
np.cumsum(np.ones(3), axis=1)
