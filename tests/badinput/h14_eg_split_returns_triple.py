# badinput: an overridden split() returning a 3-tuple: its first two items are used, as CPython's (h14 sweep)
# expect-exit: 0
class G(ExceptionGroup):
    def split(self, t):
        return (None, None, None)
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
