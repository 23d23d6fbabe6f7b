# badinput: math.exp(1000)
# expect-exit: 1
# expect-stderr: OverflowError: math range error
import math
math.exp(1000)
