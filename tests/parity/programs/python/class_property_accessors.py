# property with getter, setter and deleter (decorator and call forms), fget/fset/fdel, __doc__,
# read-only and undeletable properties' errors, properties in subclasses, staticmethod/classmethod.


class Temperature:
    def __init__(self, c):
        self._c = c

    @property
    def celsius(self):
        """Degrees Celsius."""
        return self._c

    @celsius.setter
    def celsius(self, v):
        print("  set celsius", v)
        self._c = v

    @celsius.deleter
    def celsius(self):
        print("  del celsius")
        self._c = None

    def _get_f(self):
        return self._c * 9 / 5 + 32

    def _set_f(self, f):
        self._c = (f - 32) * 5 / 9

    fahrenheit = property(_get_f, _set_f, None, "Degrees Fahrenheit.")

    @property
    def kelvin(self):
        return self._c + 273.15


t = Temperature(100)
print(t.celsius, t.fahrenheit, t.kelvin)
t.celsius = 0
print(t.celsius, t.fahrenheit)
t.fahrenheit = 212
print(t.celsius)
del t.celsius
print(t.celsius)
print(Temperature.celsius.__doc__, Temperature.fahrenheit.__doc__, Temperature.kelvin.__doc__)
p = Temperature.celsius
print(p.fget.__name__, p.fset.__name__, p.fdel.__name__, Temperature.kelvin.fset, type(p).__name__)
for action in [lambda: setattr(t, "kelvin", 1), lambda: delattr(t, "kelvin"), lambda: delattr(t, "fahrenheit")]:
    try:
        action()
    except AttributeError as e:
        print("AttributeError:", e)


class Base:
    @property
    def name(self):
        return "base"

    @property
    def size(self):
        return 1


class Derived(Base):
    @property
    def name(self):
        return "derived/" + super().name

    @Base.size.getter
    def size(self):
        return 2


d = Derived()
print(d.name, d.size, Base().size)


class Tools:
    factor = 3

    @staticmethod
    def double(x):
        return x * 2

    @classmethod
    def make(cls, n):
        return [cls.factor] * n

    @classmethod
    def name(cls):
        return cls.__name__


class MoreTools(Tools):
    factor = 5


print(Tools.double(4), Tools().double(5), Tools.make(2), MoreTools.make(2), MoreTools().make(1))
print(Tools.name(), MoreTools.name(), MoreTools().name())
sm = Tools.__dict__["double"]
cm = Tools.__dict__["make"]
print(type(sm).__name__, type(cm).__name__, sm.__func__(7), cm.__func__(MoreTools, 1))
print(staticmethod(len)("abc"), isinstance(Tools.__dict__["factor"], int))
