# badinput: np.zeros(2**64): one int past a C long (was "TypeError: 'int' object is not iterable")
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C long
import numpy as np
np.zeros(2**64)
