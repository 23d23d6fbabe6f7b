# badinput: np.random.randint with low above high
# expect-exit: 1
# expect-stderr: ValueError: low >= high
import numpy as np
np.random.randint(5, 2)
