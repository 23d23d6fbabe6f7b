# badinput: a float power that overflows
# expect-exit: 1
# expect-stderr: OverflowError: (34, 'Numerical result out of range')
10.0 ** 400
