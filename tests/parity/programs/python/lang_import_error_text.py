# ImportError / ModuleNotFoundError texts and attributes as CPython 3.12's: "No module named 'x'"
# alone (for a dotted name, the first missing parent; "'p' is not a package" under a plain module
# of the program), `from m import x`'s name/name_from/path, and ImportError's own keywords.
try:
    import nosuchmod
except ModuleNotFoundError as e:
    print(str(e), repr(e), e.name, e.msg, e.path)
try:
    from nosuch2 import x
except ImportError as e:
    print(type(e).__name__, str(e), e.args)
try:
    import nosuch3.sub
except ModuleNotFoundError as e:
    print(str(e), e.name)
try:
    import userpkg.util.nosuch
except ModuleNotFoundError as e:
    print(str(e), e.name)
try:
    import userpkg.nosuch
except ModuleNotFoundError as e:
    print(str(e), e.name)
try:
    from sys import nope
except ImportError as e:
    print(type(e).__name__, str(e), e.name, e.path, e.name_from)
import importlib
try:
    importlib.import_module('zz_missing')
except ImportError as e:
    print(type(e).__name__, str(e))
e = ImportError('m')
print(e.name, e.path, e.msg, e.name_from)
e = ImportError('a', 'b', name='n', path='p')
print(e.msg, e.name, e.path, e.args, str(e))
e = ImportError(name_from='x')
print(e.name_from, e.args, repr(e.msg))
try:
    ImportError('m', bad=1)
except TypeError as x:
    print(x)
e = ModuleNotFoundError()
print(e.name, e.msg, e.args)


class MyImportError(ImportError):
    def __init__(self, m):
        super().__init__(m, name='zz')


x = MyImportError('hello')
print(x.name, x.msg, x.args, x.path)
