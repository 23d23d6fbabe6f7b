# badinput: np.linspace with -3 samples
# expect-exit: 1
# expect-stderr: ValueError: Number of samples, -3, must be non-negative.
import numpy as np
np.linspace(0, 1, -3)
