# badinput: time.sleep(-1)
# expect-exit: 1
# expect-stderr: ValueError: sleep length must be non-negative
import torch
import time
time.sleep(-1)
