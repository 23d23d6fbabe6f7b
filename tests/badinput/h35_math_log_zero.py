# badinput: Python misuse: math log zero
# expect-exit: 1
# expect-stderr: ValueError: math domain error
import math
math.log(0)
