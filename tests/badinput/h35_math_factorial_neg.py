# badinput: Python misuse: math factorial neg
# expect-exit: 1
# expect-stderr: ValueError: factorial() not defined for negative values
import math
math.factorial(-1)
