# badinput: numpy dot of misaligned matrices
# expect-exit: 1
# expect-stderr: ValueError: shapes (2,3) and (2,3) not aligned: 3 (dim 1) != 2 (dim 0)
import numpy as np
np.dot(np.zeros((2,3)), np.zeros((2,3)))
