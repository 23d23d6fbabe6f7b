# badinput: NumPy integer % 0: zero where the divisor is 0, with a RuntimeWarning
# expect-exit: 0
# expect-stdout: [0 1]
import numpy as np
print(np.array([5, 7]) % np.array([0, 3]))
