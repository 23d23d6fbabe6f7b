# badinput: math pow overflow (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
math.pow(10, 1000)
