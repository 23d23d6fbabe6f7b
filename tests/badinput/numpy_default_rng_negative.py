# badinput: default_rng with a negative seed
# expect-exit: 1
# expect-stderr: ValueError: expected non-negative integer
import numpy as np
np.random.default_rng(-1)
