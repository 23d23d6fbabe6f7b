# badinput: numpy reshape to another size
# expect-exit: 1
# expect-stderr: ValueError: cannot reshape array of size 6 into shape (4,)
import numpy as np
np.arange(6).reshape(4)
