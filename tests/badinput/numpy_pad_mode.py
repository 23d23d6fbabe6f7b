# badinput: np.pad with a statistic mode Kiln leaves out
# expect-exit: 1
# expect-stderr: NotImplementedError: np.pad(mode='mean') is not supported in Kiln
import numpy as np
np.pad(np.arange(3), 1, mode='mean')
