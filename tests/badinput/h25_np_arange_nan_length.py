# badinput: np.arange to NaN: NumPy's 'arange: cannot compute length' (an empty array before)
# expect-exit: 1
# expect-stderr: ValueError: arange: cannot compute length
import numpy as np
print(np.arange(0, float('nan')))
