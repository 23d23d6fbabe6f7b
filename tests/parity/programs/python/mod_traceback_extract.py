# traceback: extract_tb / format_tb / format_list / StackSummary / FrameSummary / TracebackException,
# traceback objects (tb_next, tb_lineno), limit= and chain=, extract_stack, and chained causes.
# Every failing line is a whole statement, so CPython 3.11 draws no ^^^ markers under it.
import os
import sys
import traceback


def base(text):
    # CPython names the main script by its absolute path: keep only the file's base name.
    out = []
    for line in text.splitlines(keepends=True):
        if line.startswith('  File "'):
            path = line.split('"')[1]
            line = line.replace(path, os.path.basename(path))
        out.append(line)
    return "".join(out)


def show(lines):
    print([base(x) for x in lines])


def f(n):
    if n == 0:
        raise ValueError("deep")
    f(n - 1)


def g():
    try:
        f(2)
    except ValueError as e:
        raise KeyError("outer") from e


try:
    g()
except KeyError as e:
    tb = e.__traceback__
    print(type(tb).__name__, tb.tb_lineno, tb.tb_next.tb_lineno, tb.tb_next.tb_next)
    s = traceback.extract_tb(tb)
    print(type(s).__name__, len(s), [(fs.name, fs.lineno, fs.line) for fs in s])
    print(s[-1].name, s[-1][1], len(s[-1]), list(s[-1])[2:], s[-1] == (s[-1].filename, 34, "g", 'raise KeyError("outer") from e'))
    show(traceback.format_tb(tb))
    show(traceback.format_exception(e))
    show(traceback.format_exception(e, limit=1))
    show(traceback.format_exception(e, chain=False))
    show(traceback.format_exception(type(e), e, tb, limit=-1))
    print(traceback.format_exception_only(e))
    print(base(traceback.format_exc(limit=-1)), end="")
    cause = traceback.extract_tb(e.__cause__.__traceback__, limit=-2)
    print([(fs.name, fs.lineno) for fs in cause])
    te = traceback.TracebackException.from_exception(e)
    print(str(te), te.exc_type.__name__, len(te.stack), te.__cause__.exc_type.__name__, te.__context__)
    print(base("".join(te.format(chain=False))), end="")
    etype, value, tb2 = sys.exc_info()
    print(etype.__name__, value is e, tb2.tb_lineno)


def h():
    return traceback.extract_stack()


def h2():
    return traceback.extract_stack(limit=1)


st = h()
print([(x.name, x.line) for x in st[-2:]])
print([(x.name, x.line) for x in h2()])
print(traceback.format_list([("a.py", 3, "fn", "x = 1"), traceback.FrameSummary("b.py", 4, "gn", line="  y()  ")]))
fs = traceback.FrameSummary("c.py", 9, "k", lookup_line=False, line="z")
print(repr(fs), fs.line, fs.colno, fs.locals)
print(traceback.format_exception_only(SyntaxError("bad", ("f.py", 2, 5, "  x = = 1\n"))))
print(traceback.format_exception_only(SyntaxError("plain")))
print(traceback.format_exception(None))
print(traceback.format_exception_only(None))


def rec(n):
    return rec(n + 1)


try:
    rec(0)
except RecursionError as e:
    lines = traceback.format_exception(e)
    print(lines[0], end="")
    print(lines[-1], end="")
    print(any("Previous line repeated" in x for x in lines))

a = ValueError("a")
b = KeyError("b")
a.__cause__ = b
b.__cause__ = a
print(traceback.format_exception(a))

try:
    try:
        raise ValueError("first")
    except ValueError:
        raise TypeError("second")
except TypeError as e:
    show(traceback.format_exception(e))
    show(traceback.format_exception(e, chain=False))

try:
    traceback.format_exception(5)
except TypeError as e:
    print(e)
try:
    traceback.format_exception(ValueError, ValueError("x"))
except ValueError as e:
    print(e)
print(traceback.format_exception(ValueError, ValueError("v"), None))
