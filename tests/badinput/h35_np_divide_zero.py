# badinput: float array divided by 0
# expect-exit: 0
# expect-stdout: [inf]
import numpy as np
print(np.array([1.0]) / 0)
