# badinput: getattr nonstr (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: attribute name must be string, not 'int'
getattr(1, 5)
