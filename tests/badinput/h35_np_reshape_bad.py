# badinput: reshape of 6 elements to (4, 5)
# expect-exit: 1
# expect-stderr: ValueError: cannot reshape array of size 6 into shape (4,5)
import numpy as np
np.arange(6).reshape(4, 5)
