# badinput: divmod zero float (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: float divmod()
print(divmod(1.0, 0.0))
