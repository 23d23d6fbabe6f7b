# badinput: np.concatenate of mismatched sizes: NumPy's ValueError, not torch.cat's RuntimeError
# expect-exit: 1
# expect-stderr: ValueError: all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 3 and the array at index 1 has size 4
import numpy as np
np.concatenate([np.ones((2, 3)), np.ones((2, 4))])
