# badinput: math ceil nan (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: cannot convert float NaN to integer
import math
math.ceil(float('nan'))
