# warnings, the parts in Kiln's Python (the native factory in engine/vm/stdlib.cpp runs first:
# warn, simplefilter, filterwarnings, resetwarnings, catch_warnings): formatwarning and
# showwarning with CPython's text, and WarningMessage. Kiln's native warn() prints through its own
# printer, so assigning warnings.showwarning does not reroute the warnings warn() emits.
import sys as _sys


def formatwarning(message, category, filename, lineno, line=None):
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line:
        s += "  %s\n" % line.strip()
    return s


def showwarning(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = _sys.stderr
    file.write(formatwarning(message, category, filename, lineno, line))


class WarningMessage:
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))
