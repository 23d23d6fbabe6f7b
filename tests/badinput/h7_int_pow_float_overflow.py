# badinput: int ** float overflowing
# expect-exit: 1
# expect-stderr: OverflowError: (34, 'Numerical result out of range')
10 ** 400.0
