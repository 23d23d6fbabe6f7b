# badinput: ExceptionGroup with no exceptions (h14 sweep)
# expect-exit: 1
# expect-stderr: ValueError: second argument (exceptions) must be a non-empty sequence
raise ExceptionGroup('empty', [])
