# badinput: np.concatenate of nothing
# expect-exit: 1
# expect-stderr: ValueError: need at least one array to concatenate
import numpy as np
np.concatenate([])
