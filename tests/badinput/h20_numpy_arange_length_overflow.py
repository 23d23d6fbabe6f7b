# badinput: np.arange(1e300) and np.arange(nan): the length past int64 was undefined behaviour (an empty array, silently)
# expect-exit: 1
# expect-stderr: OverflowError: arange: overflow while computing length
import numpy as np
try:
    np.arange(float("nan"))
except ValueError as e:
    print(e)
np.arange(1e300)
