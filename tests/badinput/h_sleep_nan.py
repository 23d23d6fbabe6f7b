# badinput: sleep nan (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Invalid value NaN (not a number)
import time
time.sleep(float("nan"))
