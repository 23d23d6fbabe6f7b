# badinput: int floordiv zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer division or modulo by zero
5 // 0
