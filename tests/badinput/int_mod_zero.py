# badinput: integer modulo by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer modulo by zero
a = 7
b = 0
a % b
