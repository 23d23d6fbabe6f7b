# badinput: split() whose predicate returns an object whose __bool__ raises (h14 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: no truth
class B:
    def __bool__(self): raise RuntimeError('no truth')
ExceptionGroup('g', [ValueError(1)]).split(lambda e: B())
