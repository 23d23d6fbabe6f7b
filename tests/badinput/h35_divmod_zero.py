# badinput: Python misuse: divmod zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer division or modulo by zero
divmod(1, 0)
