# badinput: math exp overflow (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
print(math.exp(1000))
