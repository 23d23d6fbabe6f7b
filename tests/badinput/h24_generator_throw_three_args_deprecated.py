# badinput: generator.throw(type, value, tb): CPython 3.12's DeprecationWarning (an error under -W error)
# expect-exit: 1
# expect-stderr: DeprecationWarning: the (type, exc, tb) signature of throw() is deprecated, use the single-arg signature instead.
import warnings
warnings.simplefilter("error")
def g():
    yield 1
x = g()
next(x)
x.throw(ValueError, ValueError("v"), None)
