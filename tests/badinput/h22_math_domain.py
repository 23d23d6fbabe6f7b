# badinput: math.sqrt(-1)
# expect-exit: 1
# expect-stderr: ValueError: math domain error
import math
math.sqrt(-1)
