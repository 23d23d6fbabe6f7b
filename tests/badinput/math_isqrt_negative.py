# badinput: math isqrt negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: isqrt() argument must be nonnegative
import math
print(math.isqrt(-1))
