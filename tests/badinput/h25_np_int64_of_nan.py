# badinput: np.int64(nan) and np.array([nan], dtype=np.int64): ValueError as int(nan) (Kiln gave 0)
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
import numpy as np
print(np.int64(float('nan')))
