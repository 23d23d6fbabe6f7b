# badinput: descriptor __get__ raising AttributeError falls back to __getattr__
# expect-exit: 0
# expect-stdout: fallback x
class D:
    def __get__(self, o, t): raise AttributeError('inner')
class C:
    x = D()
    def __getattr__(self, n): return 'fallback ' + n
print(C().x)
