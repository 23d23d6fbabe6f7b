# badinput: split() with a builtin callable: 3.12 takes only Python functions as predicates (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: expected a function, exception type or tuple of exception types
ExceptionGroup('g', [ValueError(1)]).split(callable)
