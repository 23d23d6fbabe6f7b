# badinput: np.concatenate of a 2-D and a 1-D array (NumPy's wording)
# expect-exit: 1
# expect-stderr: ValueError: all the input arrays must have same number of dimensions, but the array at index 0 has 2 dimension(s) and the array at index 1 has 1 dimension(s)
import numpy as np
np.concatenate([np.ones((2, 3)), np.ones(3)])
