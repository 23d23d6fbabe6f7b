# PEP 678 exception notes (CPython 3.11): add_note appends to __notes__, with its type checks.
e = ValueError("bad value")
print(hasattr(e, "__notes__"))
e.add_note("first")
e.add_note("second")
print(e.__notes__, e.args, str(e))
try:
    e.add_note(3)
except TypeError as t:
    print("TypeError:", t)
try:
    e.add_note()
except TypeError as t:
    print("TypeError:", t)
e.__notes__ = ("a tuple",)
try:
    e.add_note("x")
except TypeError as t:
    print("TypeError:", t)
class MyError(Exception):
    pass
try:
    try:
        raise MyError("inner")
    except MyError as err:
        err.add_note("while loading the config")
        raise
except MyError as err:
    print(type(err).__name__, err.__notes__)
m = MemoryError()
print(repr(m), m.args, str(m) == "")
