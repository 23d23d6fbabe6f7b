# The built-in types' dunder methods as attributes (CPython's slot wrappers): hasattr tests that
# library code uses to tell sequences, iterables and numbers apart, explicit calls such as
# int.__add__ (NotImplemented for an operand the type does not take), and super() calls in subclasses.
import functools
import math

for value in (1, True, 2.5, "ab", (1, 2), [1, 2], {"k": 1}, range(3), {1, 2}, None, b"x"):
    print(type(value).__name__, [n for n in ("__getitem__", "__len__", "__iter__", "__contains__", "__add__",
                                            "__mul__", "__index__", "__float__", "__int__", "__reversed__")
                                 if hasattr(value, n)])

print(int.__add__(1, 2), int.__add__(1, 2.5), (3).__mul__(4), (3).__rsub__(10), (7).__floordiv__(2), (7).__rmod__(30))
print(float.__add__(1.5, 2), float.__radd__(1.5, 2), (2.0).__pow__(3), (2).__pow__(3, 5), (9.0).__truediv__("x"))
print((5).__and__(3), (5).__or__(2), (5).__xor__(1), (1).__lshift__(4), (256).__rshift__(2), (5).__invert__())
print((-3).__abs__(), (-2.5).__neg__(), (4).__pos__(), (0).__bool__(), (2.7).__int__(), (3).__float__(), (7).__index__())
print((2.5).__floor__(), (2.5).__ceil__(), (-2.5).__trunc__(), (2.675).__round__(2), (1234).__round__(-2), (7).__divmod__(2), (7.5).__rdivmod__(20))
print(True.__add__(True), int.__add__(True, 1), float.__mul__(2.0, True))
print(functools.reduce(int.__add__, [1, 2, 3, 4]), list(map(float.__mul__, [1.0, 2.0], [3.0, 4.0])))
print(math.floor(2.5) == (2.5).__floor__())

print("abc".__getitem__(1), "abc".__len__(), "b" in "abc", "abc".__contains__("z"), list("ab".__iter__()))
print((1, 2, 3).__getitem__(slice(1, None)), (1, 2).__len__(), (1, 2).__contains__(2), (1,).__add__((2,)), (1, 2).__mul__(2), (0,).__rmul__(3))
print("ab".__add__("cd"), "ab".__mul__(2), "ab".__rmul__(3))
print([1, 2].__add__([3]), [1].__mul__(3), list([3, 1, 2].__reversed__()))
print(range(10).__getitem__(3), range(10).__len__(), range(5).__contains__(4), list(range(3).__iter__()), list(range(3).__reversed__()), range(0).__bool__())
print(list({"a": 1, "b": 2}.__iter__()), list({"a": 1, "b": 2}.__reversed__()), None.__bool__())
for call in (lambda: "ab".__add__(1), lambda: (1,).__add__([2]), lambda: [1].__add__((2,)), lambda: int.__add__("a", 1),
             lambda: "ab".__mul__(1.5), lambda: [1].__mul__("x"), lambda: (1,).__rmul__(None)):
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)


class Row(tuple):
    def __getitem__(self, i):
        if isinstance(i, str):
            return super().__getitem__(["x", "y"].index(i))
        return super().__getitem__(i)

    def __len__(self):
        return super().__len__() * 10


r = Row((4, 5))
print(r["y"], r[0], len(r), r.__len__(), list(r))


def is_sequence(x):
    return hasattr(x, "__len__") and hasattr(x, "__getitem__") and not isinstance(x, (str, bytes))


print([is_sequence(x) for x in ((1,), [1], "s", range(2), 3, {1}, {"a": 1})])


class Words(list):
    def __add__(self, other):
        return Words(super().__add__(list(other)))

    def __iter__(self):
        return iter(sorted(super().__iter__()))

    def __reversed__(self):
        return super().__reversed__()


class Registry(dict):
    def __iter__(self):
        return iter(sorted(super().__iter__()))


w = Words(["b", "a"]) + ("c",)
print(type(w).__name__, list(w), list(reversed(w)))
print(list(Registry(z=1, a=2)), list(Registry(z=1, a=2).__reversed__()))
