# badinput: math.factorial(5.0) is a TypeError in 3.10+
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
import math
math.factorial(5.0)
