# badinput: time.localtime of a float past time_t (the cast was undefined behaviour and gave year -219246529)
# expect-exit: 1
# expect-stderr: OverflowError: timestamp out of range for platform time_t
import time
print(time.localtime(1e20))
