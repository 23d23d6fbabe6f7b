# badinput: Python misuse: math sqrt neg
# expect-exit: 1
# expect-stderr: ValueError: math domain error
import math
math.sqrt(-1)
