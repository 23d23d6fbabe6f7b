# badinput: divmod of floats by zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float divmod()
divmod(1, 0.0)
