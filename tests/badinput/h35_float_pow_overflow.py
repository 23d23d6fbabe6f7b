# badinput: Python misuse: float pow overflow
# expect-exit: 1
# expect-stderr: OverflowError: (34, 'Numerical result out of range')
print(10.0 ** 400)
