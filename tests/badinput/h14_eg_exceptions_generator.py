# badinput: ExceptionGroup of a generator (not a sequence) (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: second argument (exceptions) must be a sequence
ExceptionGroup('x', (ValueError() for _ in range(2)))
