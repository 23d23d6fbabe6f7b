# Exception chaining: raise ... from ..., implicit __context__, raise ... from None,
# __suppress_context__, setting __cause__/__context__ by hand, re-raising, chains through finally.


def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise TypeError("not a number: " + s) from e


def show(e):
    cause = e.__cause__
    ctx = e.__context__
    print(type(e).__name__, str(e), "| cause:", type(cause).__name__ if cause else None,
          "| context:", type(ctx).__name__ if ctx else None, "| suppress:", e.__suppress_context__)


try:
    parse("x")
except TypeError as e:
    show(e)
    print(e.__cause__ is e.__context__, str(e.__cause__))

try:
    try:
        {}["k"]
    except KeyError:
        raise RuntimeError("implicit")
except RuntimeError as e:
    show(e)

try:
    try:
        [][0]
    except IndexError:
        raise ValueError("hidden") from None
except ValueError as e:
    show(e)

try:
    raise ValueError("plain")
except ValueError as e:
    show(e)

e = ValueError("manual")
e.__cause__ = KeyError("c")
show(e)
e.__suppress_context__ = False
e.__context__ = IndexError("ctx")
show(e)
e.__cause__ = None
show(e)
try:
    e.__cause__ = "nope"
except TypeError as err:
    print("TypeError:", err)


def cleanup():
    try:
        raise KeyError("first")
    finally:
        print("finally runs")


try:
    try:
        cleanup()
    except KeyError as first:
        raise OSError("second") if False else LookupError("second")
except LookupError as second:
    show(second)
    print(repr(second.__context__))


def reraise():
    try:
        1 / 0
    except ZeroDivisionError:
        raise


try:
    reraise()
except ZeroDivisionError as z:
    show(z)


class AppError(Exception):
    pass


def layered(depth):
    if depth == 0:
        raise AppError("root")
    try:
        layered(depth - 1)
    except AppError as e:
        raise AppError("level " + str(depth)) from e


try:
    layered(3)
except AppError as e:
    chain = []
    while e is not None:
        chain.append(str(e))
        e = e.__cause__
    print(chain)

try:
    try:
        raise ValueError("a")
    except ValueError as a:
        try:
            raise TypeError("b")
        except TypeError as b:
            raise KeyError("c")
except KeyError as c:
    print(repr(c), repr(c.__context__), repr(c.__context__.__context__), c.__context__.__context__.__context__)
