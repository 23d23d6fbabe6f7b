# badinput: time.gmtime(nan) (a garbage date before; CPython refuses NaN)
# expect-exit: 1
# expect-stderr: ValueError: Invalid value NaN (not a number)
import time
print(time.gmtime(float("nan")))
