# The traceback module's printout of exception groups (CPython 3.12's TracebackException.format):
# parts nested behind "| " margins between "+---- N ----" separators, chains inside parts, the
# width (15) and depth (10) limits, chain=False; print_exc inside an except* clause. File names are
# replaced by "prog.py" (CPython's __file__ is absolute, Kiln's as given).
import io
import sys
import traceback


def show(text):
    print(text.replace(__file__, "prog.py"), end="")


def f():
    raise ValueError("inner")


excs = []
try:
    f()
except Exception as e:
    excs.append(e)
try:
    try:
        raise KeyError(1)
    except KeyError:
        raise TypeError("ctx")
except Exception as e:
    excs.append(e)
excs.append(ExceptionGroup("nested", [OSError(2, "no"), ExceptionGroup("deep", [ZeroDivisionError()])]))
try:
    raise ExceptionGroup("top", excs)
except* ValueError:
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    show(buf.getvalue())
except* TypeError as e:
    show("".join(traceback.format_exception(e)))
except* OSError as e:
    show("".join(traceback.format_exception(e, chain=False)))
    e2 = ValueError(0)
    for i in range(12):
        e2 = ExceptionGroup(f"l{i}", [e2] + [TypeError(j) for j in range(i * 2)])
    buf = io.StringIO()
    traceback.print_exception(e2, file=buf)
    show(buf.getvalue())
except* ZeroDivisionError:
    print("done")
