# badinput: an overridden split() returning a 1-tuple (the message is CPython 3.13's check) (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: G.split must return a 2-tuple, got tuple of size 1
class G(ExceptionGroup):
    def split(self, t):
        return (None,)
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
