# badinput: time.sleep(10**9) would sleep 31 years
# expect-exit: 1
# expect-stderr: KilnLimitError
import time
time.sleep(10**9)
