# badinput: an int true division whose result is past the double range
# expect-exit: 1
# expect-stderr: OverflowError: integer division result too large for a float
10**400 / 3
