# badinput: math ldexp overflow (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
print(math.ldexp(1.0, 10**6))
