# badinput: math.factorial(-1)
# expect-exit: 1
# expect-stderr: ValueError: factorial() not defined for negative values
import math
math.factorial(-1)
