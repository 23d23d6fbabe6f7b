# badinput: Python misuse: math perm huge
# expect-exit: 1
# expect-stderr: MemoryError: math.perm(10000000, 1000000) would be an int of about 23178829 bits, over Kiln's limit of 16777216 bits for one int
import math
print(math.perm(10**7, 10**6) % 7)
