# Mixin classes: cooperative __init__ chains, super() in classmethods, two-argument super(),
# attribute lookup along the MRO, and exception classes with several bases.


class ReprMixin:
    def __repr__(self):
        fields = ", ".join(k + "=" + repr(v) for k, v in sorted(vars(self).items()))
        return type(self).__name__ + "(" + fields + ")"


class CountMixin:
    created = 0

    def __init__(self, *args, **kwargs):
        type(self).created += 1
        super().__init__(*args, **kwargs)

    @classmethod
    def describe(cls):
        return cls.__name__ + " created " + str(cls.created)


class Point:
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y

    @classmethod
    def origin(cls):
        return cls(0, 0)

    @staticmethod
    def kind():
        return "point"


class Pretty(ReprMixin, CountMixin, Point):
    @classmethod
    def origin(cls):
        p = super().origin()
        p.tag = "origin"
        return p


p = Pretty(1, 2)
q = Pretty.origin()
print(p, q)
print(Pretty.describe(), Pretty.created, CountMixin.created)
print(Pretty.kind(), p.kind(), Pretty.dims)
print([c.__name__ for c in Pretty.__mro__])
print(super(ReprMixin, p).__init__ is not None)


class Base:
    def greet(self):
        return "base"


class Polite(Base):
    def greet(self):
        return "please, " + super().greet()


class Loud(Base):
    def greet(self):
        return super().greet().upper() + "!"


class Both(Loud, Polite):
    pass


class Other(Polite, Loud):
    pass


print(Both().greet(), "|", Other().greet())
print(super(Loud, Both()).greet(), "|", super(Polite, Other()).greet())


class AppError(Exception):
    code = 1


class NotFound(AppError, KeyError):
    code = 404


class BadValue(ValueError, AppError):
    def __init__(self, what):
        super().__init__("bad value: " + what)
        self.what = what


for exc in [NotFound("k"), BadValue("x")]:
    try:
        raise exc
    except KeyError as e:
        print("KeyError branch", type(e).__name__, e, e.code)
    except AppError as e:
        print("AppError branch", type(e).__name__, e, e.code, e.what, e.args)

print([c.__name__ for c in NotFound.__mro__])
print([c.__name__ for c in BadValue.__mro__])
print(issubclass(NotFound, LookupError), issubclass(BadValue, (KeyError, AppError)))
try:
    raise NotFound("missing")
except LookupError as e:
    print(repr(e), str(e))
