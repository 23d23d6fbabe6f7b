# badinput: ndarray.sort with kind='fast' (was silently ignored)
# expect-exit: 1
# expect-stderr: ValueError: sort kind must be one of 'quick', 'heap', or 'stable' (got 'fast')
import numpy as np
a = np.ones(3)
a.sort(kind="fast")
