# badinput: float() of an int past the double range
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
float(10**400)
