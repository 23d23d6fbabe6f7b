# badinput: mod zero (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer modulo by zero
print(5 % 0)
