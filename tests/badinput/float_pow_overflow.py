# badinput: 10.0 ** 400 overflows
# expect-exit: 1
# expect-stderr: OverflowError: (34, 'Numerical result out of range')
x = 10.0
x ** 400
