# badinput: 2**2000 / 3 does not fit a float
# expect-exit: 1
# expect-stderr: OverflowError: integer division result too large for a float
(2**2000) / 3
