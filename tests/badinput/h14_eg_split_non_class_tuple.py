# badinput: split() with a tuple holding a non-class (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: expected a function, exception type or tuple of exception types
ExceptionGroup('x', [ValueError()]).split((ValueError, 3))
