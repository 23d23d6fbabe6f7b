# badinput: 1j / 0 (h14 sweep)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: complex division by zero
1j / 0
