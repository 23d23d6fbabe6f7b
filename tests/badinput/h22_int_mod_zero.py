# badinput: 5 % 0
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer modulo by zero
5 % 0
