# badinput: float modulo by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float modulo
a = 7.5
a % 0.0
