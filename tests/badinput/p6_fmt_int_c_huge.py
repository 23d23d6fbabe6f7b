# badinput: fmt int c huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: %c arg not in range(0x110000)
format(2 ** 40, 'c')
