# badinput: math comb negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: n must be a non-negative integer
import math
print(math.comb(-1, 2))
