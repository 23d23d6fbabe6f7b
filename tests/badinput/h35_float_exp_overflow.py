# badinput: Python misuse: float exp overflow
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
print(math.exp(1000))
