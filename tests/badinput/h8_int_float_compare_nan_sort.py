# badinput: sorted with NaN keeps going
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
# expect-stdout: nan 1
nan = float('nan')
print(sorted([3, nan, 1, 2]))
print(max(nan, 1), max(1, nan))
import math
math.floor(nan)
