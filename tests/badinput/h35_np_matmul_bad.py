# badinput: np.matmul of mismatched core dimensions
# expect-exit: 1
# expect-stderr: ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)
import numpy as np
np.ones((2, 3)) @ np.ones((2, 3))
