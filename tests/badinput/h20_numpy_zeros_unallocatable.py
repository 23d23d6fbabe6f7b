# badinput: np.zeros of 8 PiB: NumPy's _ArrayMemoryError names bytes, shape and dtype (PyTorch's DefaultCPUAllocator text showed through)
# expect-exit: 1
# expect-stderr: numpy._core._exceptions._ArrayMemoryError: Unable to allocate 8.00 PiB for an array with shape (1125899906842624,) and data type float64
import numpy as np
try:
    np.ones((2**31, 2**31), dtype=np.int8)
except MemoryError as e:
    print("caught as MemoryError:", e)
a = np.zeros(2**50)
