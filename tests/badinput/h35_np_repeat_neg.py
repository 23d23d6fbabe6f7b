# badinput: np.repeat with a negative count
# expect-exit: 1
# expect-stderr: ValueError: repeats may not contain negative values.
import numpy as np
np.repeat(np.ones(3), -1)
