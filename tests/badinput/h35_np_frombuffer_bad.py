# badinput: np.frombuffer of 3 bytes as int32
# expect-exit: 1
# expect-stderr: ValueError: buffer size must be a multiple of element size
import numpy as np
np.frombuffer(b"abc", dtype=np.int32)
