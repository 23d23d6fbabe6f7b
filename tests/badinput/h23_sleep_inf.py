# badinput: time.sleep(inf)
# expect-exit: 1
# expect-stderr: OverflowError: timestamp out of range for platform time_t
import torch
import time
time.sleep(float("inf"))
