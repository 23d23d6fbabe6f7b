# badinput: math.factorial of 10**20
# expect-exit: 1
# expect-stderr: OverflowError: factorial() argument should not exceed 9223372036854775807
import math
math.factorial(10 ** 20)
