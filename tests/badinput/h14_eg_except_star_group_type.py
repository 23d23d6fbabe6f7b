# badinput: except* naming ExceptionGroup itself (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: catching ExceptionGroup with except* is not allowed. Use except instead.
try:
    raise ValueError(1)
except* ExceptionGroup:
    pass
