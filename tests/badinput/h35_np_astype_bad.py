# badinput: astype(float) of a str array
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: 'a'
import numpy as np
np.array(["a"]).astype(float)
