# object's slot wrappers called directly: `__hash__ = object.__hash__` in a class that defines
# __eq__ (which would otherwise make it unhashable), object.__eq__/__ne__ and the ordering slots
# (NotImplemented for other objects), super().__eq__/__hash__, object.__setattr__ in frozen
# classes, object.__getattribute__ in __getattribute__ overrides, object.__delattr__,
# object.__repr__/__str__/__format__, and their reprs.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    __hash__ = object.__hash__


a, b = Point(1, 2), Point(1, 2)
print(a == b, a is b, hash(a) == hash(b), hash(a) == object.__hash__(a), len({a, b, a}))
print(Point.__hash__ is object.__hash__, "__hash__" in Point.__dict__)


class Value:
    def __eq__(self, other):
        return True


try:
    hash(Value())
except TypeError as e:
    print("TypeError:", e)
print(Value.__hash__)

print(object.__eq__(a, a), object.__eq__(a, b), object.__ne__(a, a), object.__ne__(a, b), object.__ne__(a, 3))
print(object.__lt__(a, b), object.__le__(a, b), object.__gt__(a, b), object.__ge__(a, a))
print(object.__hash__, object.__eq__, object.__ne__, object.__lt__)
print(object.__setattr__, object.__getattribute__, object.__delattr__, object.__init__)
print(object.__repr__, object.__str__, object.__format__)


class Node:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        if not isinstance(other, Node):
            return super().__eq__(other)
        return self.name == other.name

    def __hash__(self):
        return hash(self.name) ^ (super().__hash__() * 0)


n = Node("a")
print(n == Node("a"), n == "a", n != "a", n.__eq__("a"), hash(n) == hash("a"))


class Frozen:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}")


f = Frozen(1, 2)
print(f.a, f.b)
try:
    f.a = 3
except AttributeError as e:
    print("AttributeError:", e)
object.__delattr__(f, "b")
print(hasattr(f, "b"))


class Lazy:
    def __init__(self):
        self.loaded = 0

    def __getattribute__(self, name):
        if name == "data":
            object.__setattr__(self, "loaded", object.__getattribute__(self, "loaded") + 1)
            return [1, 2, 3]
        return object.__getattribute__(self, name)


z = Lazy()
print(z.data, z.data, z.loaded)
try:
    object.__getattribute__(z, "missing")
except AttributeError as e:
    print("AttributeError:", e)


class Named:
    def __repr__(self):
        return "Named()"


m = Named()
print(object.__repr__(m).startswith("<__main__.Named object at 0x"), object.__str__(m), str(m), format(m))
print(object.__format__(m, ""))
try:
    object.__format__(m, "x")
except TypeError as e:
    print("TypeError:", e)
try:
    format(m, ">10")
except TypeError as e:
    print("TypeError:", e)
print(repr(a.__eq__).startswith("<bound method Point.__eq__"), repr(m.__eq__).startswith("<method-wrapper '__eq__' of Named object at 0x"))
print(sorted(k for k in ("__eq__", "__hash__", "__ne__", "__repr__") if hasattr(object, k)))
