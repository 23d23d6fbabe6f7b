# badinput: math.fsum of inf and -inf is CPython's ValueError (returned nan)
# expect-exit: 1
# expect-stderr: ValueError: -inf + inf in fsum
import math
print(math.fsum([float('inf'), float('-inf')]))
