# PEP 654 exception groups and except* as CPython 3.12 runs them: the constructor's checks and class
# choice, message/exceptions/str/repr, split/subgroup/derive (types, tuples, predicates, user
# subclasses overriding derive, metadata copied to the parts), the matching rules of except*
# (partial matches, naked exceptions wrapped, unmatched ones passed through, group types refused),
# what leaves a try-except* (re-raised parts in their nesting, raised ones beside them), sys.exception()
# inside a clause, else/finally, generators.
import sys
for args in [(), ("m",), (1, [ValueError()]), ("m", 5), ("m", []), ("m", [1]), ("m", [ValueError(), 3]), ("m", [KeyboardInterrupt()])]:
    try:
        e = BaseExceptionGroup(*args)
        print(type(e).__name__, repr(e), str(e))
    except Exception as x:
        print(type(x).__name__, x)
for args in [("m", [KeyboardInterrupt()]), ("m", [ValueError()])]:
    try:
        e = ExceptionGroup(*args)
        print(type(e).__name__, repr(e), str(e))
    except Exception as x:
        print(type(x).__name__, x)
try:
    ExceptionGroup("m", [ValueError()], x=1)
except Exception as x: print(type(x).__name__, x)
eg = ExceptionGroup("msg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [ValueError(3), KeyError(4)])])
print(eg.message, eg.exceptions, eg.args)
print(ExceptionGroup.__mro__)
print(BaseExceptionGroup.__mro__)
m, r = eg.split(ValueError)
print(repr(m), repr(r))
print(repr(eg.subgroup(lambda e: isinstance(e, KeyError))))
print(eg.split(BaseException)[0] is eg, eg.split(OSError))
print(repr(eg.subgroup((TypeError, KeyError))))
for bad in [1, (ValueError, 1), int, "x"]:
    try: eg.split(bad)
    except Exception as x: print(type(x).__name__, x)
try:
    eg.message = "x"
except Exception as x: print(type(x).__name__, x)
try:
    eg.exceptions = ()
except Exception as x: print(type(x).__name__, x)
class MyEG(ExceptionGroup):
    def derive(self, excs):
        return MyEG(self.message + "!", excs)
e2 = MyEG("x", [ValueError(1), TypeError(2)])
print(repr(e2.split(ValueError)))
e3 = ExceptionGroup("n", [ValueError(1), TypeError(2)])
e3.add_note("note1")
e3.__cause__ = KeyError(5)
mm, rr = e3.split(ValueError)
print(mm.__notes__, mm.__cause__, mm.__notes__ is e3.__notes__, mm.__suppress_context__)
print(ExceptionGroup[int])
class B(BaseExceptionGroup): pass
print(repr(B("x", [KeyboardInterrupt()])))
class E(ExceptionGroup): pass
try: E("x", [KeyboardInterrupt()])
except Exception as x: print(type(x).__name__, x)
print(repr(BaseExceptionGroup("m", (ValueError(),))))
print(isinstance(ExceptionGroup("m",[ValueError()]), Exception), issubclass(ExceptionGroup, BaseExceptionGroup))
class Bad(ExceptionGroup):
    def derive(self, excs): return 5
try: Bad("x", [ValueError(1), TypeError(2)]).split(ValueError)
except Exception as x: print(type(x).__name__, x)
print(repr(ExceptionGroup("m", [ValueError()]).derive([TypeError()])))

eg = ExceptionGroup("m", [ValueError(1)])
class C:
    def m(self, e): return True
for cond in [len, C().m, lambda e: True]:
    try: print(eg.split(cond)[0] is eg)
    except Exception as x: print(type(x).__name__, x)

def f():
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("in", [ValueError(3), OSError(4)])])
try:
    try:
        f()
    except* ValueError as e:
        print("V", repr(e), repr(sys.exception()), sys.exc_info()[0])
    except* TypeError as e:
        print("T", repr(e))
except ExceptionGroup as rest:
    print("rest", repr(rest), rest.__traceback__ is not None)
# naked
try:
    raise ValueError(7)
except* ValueError as e:
    print("naked", repr(e), e.__traceback__ is not None)
# naked unmatched
try:
    try:
        raise KeyError(7)
    except* ValueError as e:
        print("no")
except KeyError as k:
    print("passes", repr(k))
# reraise
try:
    try:
        raise ValueError(7)
    except* ValueError:
        raise
except ExceptionGroup as g:
    print("reraise naked", repr(g))
try:
    try:
        f()
    except* ValueError:
        raise
    except* TypeError:
        pass
except ExceptionGroup as g:
    print("reraise", repr(g))
# raising new
try:
    try:
        f()
    except* ValueError:
        raise KeyError("new")
    except* TypeError as e:
        raise e.exceptions[0]
except ExceptionGroup as g:
    print("raised", repr(g), repr(g.exceptions[0].__context__))
# else
try:
    pass
except* ValueError:
    pass
else:
    print("else")
finally:
    print("finally")
# errors in match type
for t in [ExceptionGroup, (ValueError, BaseExceptionGroup), int, 5]:
    try:
        try:
            raise ValueError(1)
        except* t:
            pass
    except TypeError as x:
        print(type(x).__name__, x)
# body of handler runs once per clause
try:
    raise ExceptionGroup("x", [ValueError(1), ValueError(2)])
except* ValueError as e:
    print("once", repr(e))
# loops inside except* fine
try:
    raise ValueError
except* ValueError:
    for i in range(3):
        if i == 1: break
        continue
    def g(): return 5
    print("loop ok", g())
# raise in except* of naked -> context
try:
    try:
        raise ValueError(1)
    except* ValueError:
        raise TypeError(2)
except TypeError as t:
    print(repr(t), repr(t.__context__))
# notes reraise
try:
    try:
        e = ExceptionGroup("n", [ValueError(1), TypeError(2)])
        e.add_note("hi")
        raise e
    except* ValueError:
        raise
except ExceptionGroup as g:
    print("notes", repr(g), g.__notes__)
print(sys.exception())
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise e
except ExceptionGroup as g:
    print(repr(g))
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print(repr(sys.exception()))
    except* TypeError as e:
        print(repr(sys.exception()))
        raise
except ExceptionGroup as g:
    print(repr(g))
def gen():
    try:
        yield 1
    except* ValueError as e:
        print("gen caught", repr(e))
        yield 2
g = gen(); next(g); print(g.throw(ValueError(3)))
