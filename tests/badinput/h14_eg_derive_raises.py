# badinput: derive() raising inside except* (h14 sweep)
# expect-exit: 1
# expect-stderr: KeyError: 'derive'
class G(ExceptionGroup):
    def derive(self, excs):
        raise KeyError('derive')
try:
    raise G('g', [ValueError(1), TypeError(2)])
except* ValueError:
    pass
