# badinput: float pow huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: (34, 'Numerical result out of range')
print(10.0 ** 400)
