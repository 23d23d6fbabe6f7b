# badinput: integer floor division by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer division or modulo by zero
a = 7
b = 0
a // b
