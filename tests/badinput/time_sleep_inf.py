# badinput: time sleep inf (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: timestamp out of range for platform time_t
import time
time.sleep(float('inf'))
