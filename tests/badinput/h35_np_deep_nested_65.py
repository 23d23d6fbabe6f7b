# badinput: np.array of lists nested 65 deep: past NPY_MAXDIMS (was an array of 65 dims)
# expect-exit: 1
# expect-stderr: ValueError: setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 64.
import numpy as np
x = 1
for i in range(65):
    x = [x]
np.array(x)
