# badinput: big int divided by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer division or modulo by zero
(10**40) // 0
