# Which frames a traceback lists when an exception is re-raised, by CPython's rule: every raise
# statement and every failed call adds an entry (a helper's bare raise comes back through the call's
# line, in the frame that already has one); RERAISE (finally, with, an unmatched except) and a bare
# raise add none where they run; `raise e` twice from one frame lists both lines. File names are
# replaced by "prog.py" (CPython's __file__ is absolute, Kiln's as given).
import io
import traceback


def show():
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    print(buf.getvalue().replace(__file__, "prog.py"), end="")


def helper():
    raise


try:
    raise ZeroDivisionError("first")
except ZeroDivisionError:
    try:
        helper()
    except ZeroDivisionError:
        show()


def f():
    try:
        raise KeyError(1)
    finally:
        pass


try:
    f()
except KeyError:
    show()


def g():
    try:
        yield 1
    finally:
        pass


x = g()
next(x)
try:
    x.throw(ValueError(2))
except ValueError:
    show()


class CM:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def w():
    with CM():
        raise TypeError(3)


try:
    w()
except TypeError:
    show()

e = RuntimeError("twice")
for _ in range(2):
    try:
        raise e
    except RuntimeError:
        pass
try:
    raise e
except RuntimeError:
    show()


def unmatched():
    try:
        raise OSError("x")
    except KeyError:
        pass


try:
    unmatched()
except OSError:
    show()
