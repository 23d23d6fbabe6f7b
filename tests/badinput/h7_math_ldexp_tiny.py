# badinput: math.ldexp with a hugely negative exponent underflows to 0
# expect-exit: 0
# expect-stdout: 0.0
import math
print(math.ldexp(1.0, -10**20))
