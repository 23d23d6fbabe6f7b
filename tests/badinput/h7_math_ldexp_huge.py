# badinput: math.ldexp with a huge exponent
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
math.ldexp(1.0, 10**10)
