# badinput: math gcd huge (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True
import math
print(math.gcd(2**10000, 2**9999 * 3) == 2**9999)
