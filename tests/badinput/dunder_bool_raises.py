# badinput: dunder bool raises (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: nope
class B:
    def __bool__(self): raise RuntimeError('nope')
print(not B())
