# traceback: format_exc / print_exc / format_exception_only / print_exception for caught errors.
import io
import os
import sys
import traceback


def show(text):
    # CPython names the main script by its absolute path: print only the file's base name
    for line in text.splitlines():
        if line.startswith('  File "'):
            path = line.split('"')[1]
            line = line.replace(path, os.path.basename(path))
        print(line)


def inner(n):
    raise ValueError("bad value %d" % n)


def outer():
    inner(3)


try:
    outer()
except ValueError:
    text = traceback.format_exc()
    show(text)
    print(text.splitlines()[-1])
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    show(buf.getvalue())
    print(buf.getvalue() == text)
try:
    {}["missing"]
except KeyError as e:
    print(traceback.format_exception_only(type(e), e))
    lines = traceback.format_exception(type(e), e, e.__traceback__)
    print(lines[0], end="")
    print(lines[-1], end="")
    buf = io.StringIO()
    traceback.print_exception(type(e), e, e.__traceback__, file=buf)
    print(buf.getvalue().splitlines()[-1])
print(repr(traceback.format_exc()))
