# badinput: math.comb with a result far over the int limit
# expect-exit: 1
# expect-stderr: MemoryError: math.comb(1000000000000, 1000000000) would be an int of about
import math
x = math.comb(10**12, 10**9)
