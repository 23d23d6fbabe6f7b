# badinput: time.ctime of an int past 64 bits
# expect-exit: 1
# expect-stderr: OverflowError: timestamp out of range for platform time_t
import time
print(time.ctime(10**30))
