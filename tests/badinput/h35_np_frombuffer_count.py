# badinput: np.frombuffer with count past the buffer
# expect-exit: 1
# expect-stderr: ValueError: buffer is smaller than requested size
import numpy as np
np.frombuffer(b"abcd", dtype=np.int8, count=10)
