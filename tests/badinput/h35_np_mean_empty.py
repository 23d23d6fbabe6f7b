# badinput: mean of an empty array is nan
# expect-exit: 0
# expect-stdout: nan
import numpy as np
print(np.array([]).mean())
