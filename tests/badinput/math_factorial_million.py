# badinput: math.factorial(10**6): 18.5 million bits, over Kiln's int limit (CPython computes it for seconds, then cannot print it)
# expect-exit: 1
# expect-stderr: MemoryError: math.factorial(1000000) would be an int of about
import math
print(math.factorial(10**6))
