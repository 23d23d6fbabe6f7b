# badinput: sum over axis 5 of a 2-D array
# expect-exit: 1
# expect-stderr: numpy.exceptions.AxisError: axis 5 is out of bounds for array of dimension 2
import numpy as np
np.ones((2, 3)).sum(axis=5)
