# badinput: an ExceptionGroup subclass whose derive() returns an int, split by except* (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: derive must return an instance of BaseExceptionGroup
class G(ExceptionGroup):
    def derive(self, excs):
        return 5
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
