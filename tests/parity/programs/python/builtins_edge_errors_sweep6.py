# Edge cases of builtins whose errors and results CPython 3.11 defines: math.pow overflow, index
# bounds past 64 bits, __slots__ against a class variable, bytearray iteration that sees appends,
# deque.rotate during iteration, pickle of C-state objects and of exceptions, and empty pickles.
import collections
import math
import pickle


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


attempt("pow overflow", lambda: math.pow(10, 1000))
attempt("pow ok", lambda: math.pow(2, 10))
attempt("pow inf in", lambda: math.pow(float("inf"), 2))
attempt("pow domain", lambda: math.pow(-8, 0.5))
attempt("list index huge", lambda: [1, 2, 3].index(3, -10 ** 30, 10 ** 30))
attempt("list index huge start", lambda: [1, 2, 3].index(3, 10 ** 30))
attempt("tuple index huge", lambda: (1, 2, 3).index(2, -10 ** 40))
attempt("list index str bound", lambda: [1].index(1, "a"))


def slots_conflict():
    class A:
        __slots__ = ("a", "b")
        b = 1
    return A


attempt("slots", slots_conflict)

b = bytearray(b"ab")
seen = []
for x in b:
    seen.append(x)
    if len(b) < 5:
        b.append(x + 1)
print("bytearray live", seen, bytes(b))
b = bytearray(b"abcdef")
seen = []
for x in b:
    seen.append(x)
    del b[-1]
print("bytearray shrinks", seen)
print("bytes iter", list(iter(b"xyz")), type(iter(b"")).__name__, type(iter(bytearray())).__name__)


def rotate_in_loop():
    d = collections.deque([1, 2, 3])
    for _ in d:
        d.rotate(0)


attempt("deque rotate", rotate_in_loop)


def gen():
    yield 1


for label, obj in [("generator", gen()), ("property", property(lambda s: 1))]:
    attempt("pickle " + label, lambda: pickle.dumps(obj))


class Err(ValueError):
    pass


e = Err("a", 2)
e.note = "kept"
r = pickle.loads(pickle.dumps(e))
print("pickled exception", type(r).__name__, r.args, r.note)
print("pickled builtins", pickle.loads(pickle.dumps([range(1, 9, 2), slice(1, None), Ellipsis, NotImplemented, KeyError("k")])))
for data in [b"", b"\x80\x04", b"(", b"\x80", b"K", b"X\x05\x00\x00\x00ab"]:
    attempt("loads %r" % data, lambda: pickle.loads(data))
