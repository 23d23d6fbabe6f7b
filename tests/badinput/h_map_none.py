# badinput: map none (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'NoneType' object is not callable
list(map(None, [1]))
