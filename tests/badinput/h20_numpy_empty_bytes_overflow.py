# badinput: np.empty(2**62) of float64: its bytes overflow intp (PyTorch's "Storage size calculation overflowed" showed through)
# expect-exit: 1
# expect-stderr: ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.
import numpy as np
a = np.empty(2**62)
