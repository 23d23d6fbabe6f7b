# badinput: an overridden split() whose rest is an int: the end of try-except* refuses it (CPython 3.12 reads it as an exception object; the message is PyUnstable_Exc_PrepReraiseStar's) (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: item 0 of excs is not an exception
class G(ExceptionGroup):
    def split(self, t):
        return (None, 5)
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
