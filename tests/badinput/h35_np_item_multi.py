# badinput: item() of a 2-element array
# expect-exit: 1
# expect-stderr: ValueError: can only convert an array of size 1 to a Python scalar
import numpy as np
np.ones(2).item()
