# badinput: np.array([inf], dtype=int32): int(inf) is an OverflowError, not a garbage value
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert float infinity to integer
import numpy as np
print(np.array([1.0, float('inf')], dtype=np.int32))
