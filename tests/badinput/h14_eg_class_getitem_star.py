# badinput: except* with a tuple holding an ExceptionGroup subclass (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: catching ExceptionGroup with except* is not allowed. Use except instead.
class G(ExceptionGroup): pass
try:
    raise ValueError(1)
except* (ValueError, G):
    pass
