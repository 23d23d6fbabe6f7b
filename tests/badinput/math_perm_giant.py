# badinput: math.perm with a result far over the int limit (multiplied for hours)
# expect-exit: 1
# expect-stderr: MemoryError: math.perm(1000000000000, 1000000000) would be an int of about
import math
x = math.perm(10**12, 10**9)
