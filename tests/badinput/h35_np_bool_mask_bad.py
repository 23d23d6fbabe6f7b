# badinput: a boolean index of the wrong length
# expect-exit: 1
# expect-stderr: IndexError: boolean index did not match indexed array along axis 0; size of axis is 3 but size of corresponding boolean axis is 2
import numpy as np
np.arange(3)[np.array([True, False])]
