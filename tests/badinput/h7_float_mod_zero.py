# badinput: float modulo zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float modulo
5.0 % 0.0
