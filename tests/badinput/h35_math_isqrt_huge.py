# badinput: math.isqrt of a 4000-digit int
# expect-exit: 0
# expect-stdout: 0
import math
print(math.isqrt(10 ** 4000) % 10)
