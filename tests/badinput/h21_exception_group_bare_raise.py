# badinput: ExceptionGroup with an empty list
# expect-exit: 1
# expect-stderr: ValueError: second argument (exceptions) must be a non-empty sequence
raise ExceptionGroup('g', [])
