# badinput: np.array of a ragged list
# expect-exit: 1
# expect-stderr: ValueError: setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part.
import numpy as np
np.array([[1, 2], [3]])
