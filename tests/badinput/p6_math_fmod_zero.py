# badinput: math fmod zero (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: math domain error
import math
math.fmod(1, 0)
