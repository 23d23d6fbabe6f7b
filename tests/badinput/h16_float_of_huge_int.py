# badinput: float(10**400): int too large to convert to float
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
float(10**400)
