# badinput: np.array([1e30], dtype=np.int64): the C long's OverflowError (Kiln stored 0)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C long
import numpy as np
print(np.array([1e30], dtype=np.int64))
