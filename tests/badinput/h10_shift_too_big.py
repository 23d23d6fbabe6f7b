# badinput: shift too big
# expect-exit: 1
# expect-stderr: OverflowError: too many digits in integer
1 << (2 ** 70)
