# badinput: squeeze of an axis of size 2
# expect-exit: 1
# expect-stderr: ValueError: cannot select an axis to squeeze out which has size not equal to one
import numpy as np
np.ones((2, 3)).squeeze(0)
