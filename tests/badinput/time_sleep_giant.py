# badinput: time.sleep(10**30) does not fit a time value
# expect-exit: 1
# expect-stderr: OverflowError: timestamp too large to convert to C _PyTime_t
import time
time.sleep(10**30)
