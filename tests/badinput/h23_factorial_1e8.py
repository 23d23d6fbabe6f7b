# badinput: math.factorial(10**8)
# expect-exit: 1
# expect-stderr: MemoryError: math.factorial(100000000) would be an int of about 2513272986 bits
import torch
import math
math.factorial(10**8)
