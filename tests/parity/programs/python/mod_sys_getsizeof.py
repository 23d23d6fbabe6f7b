# sys.getsizeof: __sizeof__ plus the 16-byte GC header of tracked objects, with CPython 3.12's
# (64-bit) sizes of ints, floats, strs in each compact layout, bytes, tuples, lists, dicts, sets and
# instances; a class's own __sizeof__ is used, with getsizeof's checks of its result. (Lists are
# sized here as list literals of non-constants and list(range) build them: exactly; CPython's spare
# capacity after appends or extends is not modelled.)
import sys

print(sys.getsizeof(0), sys.getsizeof(1), sys.getsizeof(-7), sys.getsizeof(2**30), sys.getsizeof(2**64), sys.getsizeof(10**100))
print(sys.getsizeof(True), sys.getsizeof(False), sys.getsizeof(1.5), sys.getsizeof(None))
print(sys.getsizeof(""), sys.getsizeof("abc"), sys.getsizeof("naïve"), sys.getsizeof("日本語"), sys.getsizeof("😀"))
print(sys.getsizeof(b""), sys.getsizeof(b"abcd"))
print(sys.getsizeof(()), sys.getsizeof((1,)), sys.getsizeof((1, 2, 3, 4)))
print(sys.getsizeof([]), sys.getsizeof([0]), sys.getsizeof(list(range(10))))
print(sys.getsizeof({}), sys.getsizeof({"a": 1}), sys.getsizeof({1: 2}))
print(sys.getsizeof({str(i): i for i in range(6)}), sys.getsizeof({i: i for i in range(30)}), sys.getsizeof({i: i for i in range(100)}))
print(sys.getsizeof(set()), sys.getsizeof({1, 2}), sys.getsizeof(set(range(5))), sys.getsizeof(set(range(40))), sys.getsizeof(frozenset("ab")))
print(sys.getsizeof(object()))
print(int.__sizeof__(5), float.__sizeof__(2.0), str.__sizeof__("ab"), tuple.__sizeof__((1, 2)))


class Plain:
    pass


class Slots:
    __slots__ = ("a", "b", "c")


class SlotsChild(Slots):
    pass


class Sized:
    def __init__(self, n):
        self.n = n

    def __sizeof__(self):
        return object.__sizeof__(self) + self.n


print(sys.getsizeof(Plain()), sys.getsizeof(Slots()), sys.getsizeof(SlotsChild()), sys.getsizeof(Sized(1000)))
print(object.__sizeof__(Plain()), object.__sizeof__(Slots()))


class Negative:
    def __sizeof__(self):
        return -1


class NotInt:
    def __sizeof__(self):
        return "big"


for obj in (Negative(), NotInt()):
    try:
        sys.getsizeof(obj)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(sys.getsizeof(Negative(), 42) if False else "default only when __sizeof__ is missing")
total = sum(sys.getsizeof(x) for x in ["a", "bb", 3, 4.0])
print("total", total)
