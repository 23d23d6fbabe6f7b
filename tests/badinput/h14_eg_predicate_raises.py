# badinput: split() with a predicate that raises: the error propagates (h14 sweep)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
eg = ExceptionGroup('g', [ValueError(1)])
eg.split(lambda e: 1 / 0)
