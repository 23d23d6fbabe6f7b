# badinput: list mul overflow
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
[0] * (2 ** 63)
