# badinput: np.full(n, nan, dtype=int): NumPy packs the Python float with int(), ValueError (Kiln filled INT64_MIN silently)
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
import numpy as np
print(np.full(3, np.nan, dtype=np.int64))
