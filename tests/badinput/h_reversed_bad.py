# badinput: reversed bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not reversible
reversed(5)
