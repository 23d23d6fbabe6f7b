# functools.singledispatch registration as CPython does it: `@f.register` alone reads the class from
# the function's first annotation (a string annotation resolved by typing.get_type_hints), a union
# annotation registers each member, `@f.register(cls)` and `f.register(cls, func)` name it; the
# dispatch follows the argument type's MRO; bad registrations give CPython's TypeErrors.
import functools
import re
from typing import Union


@functools.singledispatch
def describe(x):
    return "object"


@describe.register
def _(x: int):
    return "int %d" % x


@describe.register
def _(x: "str"):
    return "str " + x


@describe.register
def _(x: float | complex):
    return "number %r" % (x,)


@describe.register(list)
def _(x):
    return "list of %d" % len(x)


def _tuple(x):
    return "tuple"


describe.register(tuple, _tuple)


@describe.register
def _(x: Union[dict, set]):
    return "container %d" % len(x)


class Base:
    pass


class Derived(Base):
    pass


@describe.register
def _(x: "Base"):
    return "base-like " + type(x).__name__


for v in (3, "a", 2.5, 1j, [1, 2], (1,), {"k": 1}, {1, 2}, Derived(), True, None):
    print(type(v).__name__, describe(v))
print(describe.dispatch(bool).__name__, sorted(c.__name__ for c in describe.registry))

for bad in ("plain", "noann", "notclass", "twice"):
    try:
        if bad == "plain":
            describe.register(3, lambda x: x)
        elif bad == "noann":
            describe.register(lambda x: x)
        elif bad == "notclass":
            def g(x: 3):
                return x
            describe.register(g)
        else:
            describe.register(lambda x: x, lambda y: y)
    except TypeError as e:
        print("TypeError:", re.sub(r" at 0x[0-9a-f]+", "", str(e)))


class Shape:
    @functools.singledispatchmethod
    def area(self, arg):
        return "unknown"

    @area.register
    def _(self, arg: int):
        return arg * arg


print(Shape().area(4), Shape().area("x"))
