# badinput: np.zeros with dtype 'float99'
# expect-exit: 1
# expect-stderr: TypeError: data type 'float99' not understood
import numpy as np
np.zeros(3, dtype="float99")
