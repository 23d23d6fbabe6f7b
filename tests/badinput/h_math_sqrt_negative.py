# badinput: math sqrt negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: math domain error
import math
print(math.sqrt(-1))
