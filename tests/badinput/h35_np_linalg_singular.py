# badinput: np.linalg.inv of a singular matrix
# expect-exit: 1
# expect-stderr: numpy.linalg.LinAlgError: Singular matrix
import numpy as np
np.linalg.inv(np.zeros((2, 2)))
