# badinput: numpy add of unbroadcastable shapes
# expect-exit: 1
# expect-stderr: ValueError: operands could not be broadcast together with shapes (2,3) (3,2)
import numpy as np
np.zeros((2,3)) + np.zeros((3,2))
