# badinput: '%.*f' with a precision past C int
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
'%.*f' % (2**40, 1.0)
