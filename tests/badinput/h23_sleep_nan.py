# badinput: time.sleep(nan)
# expect-exit: 1
# expect-stderr: ValueError: Invalid value NaN (not a number)
import torch
import time
time.sleep(float("nan"))
