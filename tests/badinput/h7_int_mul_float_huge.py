# badinput: int * float where the int does not fit a double
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
10**400 * 1.0
