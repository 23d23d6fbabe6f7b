# badinput: max() of an empty array
# expect-exit: 1
# expect-stderr: ValueError: zero-size array to reduction operation maximum which has no identity
import numpy as np
np.array([]).max()
