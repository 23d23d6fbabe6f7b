# badinput: a missing module attribute
# expect-exit: 1
# expect-stderr: AttributeError: module 'math' has no attribute 'tau2'
import math
math.tau2
