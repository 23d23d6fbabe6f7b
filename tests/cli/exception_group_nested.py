# An uncaught ExceptionGroup whose parts have their own tracebacks, a context chain, a note and a
# nested group, left by an except* that handled one part: CPython 3.12's nested printout
# (tests/cli/check_cli.cmake compares stderr with exception_group_nested.err, made by CPython 3.12).
def f():
    raise ValueError("inner")


def g():
    try:
        f()
    except ValueError:
        raise TypeError("ctx")


excs = []
for fn in (f, g):
    try:
        fn()
    except Exception as e:
        excs.append(e)
e = KeyError("k")
e.add_note("a note")
excs.append(e)
excs.append(ExceptionGroup("nested", [OSError(2, "no"), ExceptionGroup("deep", [ZeroDivisionError()])]))
eg = ExceptionGroup("top", excs)
eg.add_note("top note")
try:
    raise eg
except* KeyError:
    pass
