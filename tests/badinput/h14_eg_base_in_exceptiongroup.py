# badinput: ExceptionGroup nesting a KeyboardInterrupt (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: Cannot nest BaseExceptions in an ExceptionGroup
ExceptionGroup('x', [KeyboardInterrupt()])
