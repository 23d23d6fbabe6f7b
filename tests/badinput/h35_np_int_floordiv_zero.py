# badinput: NumPy integer // 0: zeros with a RuntimeWarning, not torch's ZeroDivisionError
# expect-exit: 0
# expect-stdout: [0 0]
import numpy as np
print(np.array([1, 2]) // 0)
