# badinput: math factorial float
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
import math
math.factorial(2.5)
