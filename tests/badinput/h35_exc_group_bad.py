# badinput: Python misuse: exc group bad
# expect-exit: 1
# expect-stderr: ValueError: second argument (exceptions) must be a non-empty sequence
ExceptionGroup("msg", [])
