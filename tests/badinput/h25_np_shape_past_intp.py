# badinput: a dimension past intp (np.ones(2**63), np.zeros((2, 2**64))): NumPy's ValueError, not "'int' object is not iterable"
# expect-exit: 1
# expect-stderr: ValueError: Maximum allowed dimension exceeded
import numpy as np
try:
    np.ones(2**63)
except ValueError as e:
    print(e)
np.zeros((2, 2**64))
