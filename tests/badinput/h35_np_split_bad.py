# badinput: np.split into unequal parts
# expect-exit: 1
# expect-stderr: ValueError: array split does not result in an equal division
import numpy as np
np.split(np.ones(5), 2)
