# badinput: ExceptionGroup with a bytes message (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: BaseExceptionGroup.__new__() argument 1 must be str, not bytes
ExceptionGroup(b'x', [ValueError()])
