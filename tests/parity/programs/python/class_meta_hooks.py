# Class-creation hooks: __init_subclass__ with class keywords, __set_name__, metaclasses
# (__new__, __init__, __call__, class-level dunders), type(name, bases, dict), class decorators.


class Plugin:
    registry = []

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.plugin_name = name or cls.__name__.lower()
        Plugin.registry.append(cls.plugin_name)


class Alpha(Plugin):
    pass


class Beta(Plugin, name="the-beta"):
    pass


class Gamma(Beta):
    pass


print(Plugin.registry, Gamma.plugin_name, Beta.plugin_name)
try:
    class Broken(Plugin, colour="red"):
        pass
except TypeError as e:
    print("TypeError:", e)


class Field:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        print("__set_name__", owner.__name__, name)
        self.name = name

    def __get__(self, obj, objtype=None):
        return self


class Record:
    a = Field(1)
    b = Field(2)


print(Record.a.name, Record.b.name, Record.b.default)


class Meta(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        print("Meta.__new__", mcls.__name__, name, [b.__name__ for b in bases], sorted(k for k in ns if not k.startswith("__")), kwargs)
        cls = super().__new__(mcls, name, bases, ns)
        cls.tag = kwargs.get("tag", "none")
        return cls

    def __init__(cls, name, bases, ns, **kwargs):
        print("Meta.__init__", name)
        super().__init__(name, bases, ns)

    def __call__(cls, *args, **kwargs):
        print("Meta.__call__", cls.__name__, args)
        inst = super().__call__(*args, **kwargs)
        inst.made_by_meta = True
        return inst

    def __len__(cls):
        return len(cls.items)

    def __iter__(cls):
        return iter(cls.items)

    def __getitem__(cls, key):
        return cls.items[key]

    def __contains__(cls, x):
        return x in cls.items

    def describe(cls):
        return "class " + cls.__name__


class Box(metaclass=Meta, tag="blue"):
    items = ["x", "y", "z"]

    def __init__(self, v):
        self.v = v


class SubBox(Box):
    items = ["p"]


b = Box(5)
print(b.v, b.made_by_meta, Box.tag, SubBox.tag)
print(type(Box).__name__, type(SubBox).__name__, Box.__class__.__name__, isinstance(Box, Meta), isinstance(Box, type))
print(len(Box), list(Box), Box[1], "y" in Box, "q" in Box, len(SubBox))
print(Box.describe(), SubBox.describe())
print(hasattr(b, "describe"))


class OtherMeta(type):
    pass


class Other(metaclass=OtherMeta):
    pass


try:
    class Mixed(Box, Other):
        pass
except TypeError as e:
    print("TypeError:", e)

Dyn = type("Dyn", (Box,), {"items": [1, 2], "double": lambda self: self.v * 2})
d = Dyn(21)
print(Dyn.__name__, d.double(), len(Dyn), type(Dyn).__name__)
Plain = type("Plain", (), {"x": 1})
print(Plain.x, Plain().x, type(Plain).__name__, [c.__name__ for c in Plain.__mro__])


def add_hello(cls):
    cls.hello = lambda self: "hello from " + type(self).__name__
    return cls


def register(tag):
    def deco(cls):
        cls.registered_as = tag
        return cls
    return deco


@register("thing")
@add_hello
class Thing:
    """A thing."""

    __slots__ = ("a",)


t = Thing()
t.a = 1
print(t.hello(), Thing.registered_as, Thing.__doc__, t.a)
try:
    t.b = 2
except AttributeError as e:
    print("AttributeError:", e)
print(Thing.__name__, Thing.__qualname__, Thing.__module__, t.__class__.__name__)


class Outer:
    class Inner:
        def where(self):
            return __class__.__qualname__


print(Outer.Inner.__qualname__, Outer.Inner().where(), Outer.Inner.__name__)
