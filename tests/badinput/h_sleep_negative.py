# badinput: sleep negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: sleep length must be non-negative
import time
time.sleep(-1)
