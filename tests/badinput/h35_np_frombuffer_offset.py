# badinput: np.frombuffer with offset past the buffer
# expect-exit: 1
# expect-stderr: ValueError: offset must be non-negative and no greater than buffer length (4)
import numpy as np
np.frombuffer(b"abcd", dtype=np.int8, offset=10)
