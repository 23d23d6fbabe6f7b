# badinput: an ExceptionGroup subclass whose split() returns an int, met by except* (CPython 3.12.1 segfaults; the message is CPython 3.13's check) (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: G.split must return a tuple, not int
class G(ExceptionGroup):
    def split(self, t):
        return 5
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
