# badinput: np.sort with an unknown kind (was silently ignored)
# expect-exit: 1
# expect-stderr: ValueError: sort kind must be one of 'quick', 'heap', or 'stable' (got 'bogus')
import numpy as np
np.sort(np.ones(3), kind="bogus")
