# badinput: float mod zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float modulo
1.5 % 0
