# badinput: np.vectorize of a function raising ZeroDivisionError
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float division by zero
import numpy as np
np.vectorize(lambda x: x / 0)(np.ones(3))
