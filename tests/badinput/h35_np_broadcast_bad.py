# badinput: adding arrays of shapes (3,) and (4,)
# expect-exit: 1
# expect-stderr: ValueError: operands could not be broadcast together with shapes (3,) (4,)
import numpy as np
np.ones(3) + np.ones(4)
