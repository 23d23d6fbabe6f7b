# badinput: np.int8(127) + np.int8(1) wraps
# expect-exit: 0
# expect-stdout: -128
import numpy as np
print(np.int8(127) + np.int8(1))
