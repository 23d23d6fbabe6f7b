# badinput: np.argmax of an empty array
# expect-exit: 1
# expect-stderr: ValueError: attempt to get argmax of an empty sequence
import numpy as np
np.argmax(np.array([]))
