# badinput: math isqrt huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: True
import math
print(math.isqrt(10 ** 1000) == 10 ** 500)
