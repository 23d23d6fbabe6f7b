# Attribute protocols: __getattr__ (fallback only), __getattribute__ (every lookup), __setattr__ and
# __delattr__ overrides calling object's or super()'s, descriptors with __get__/__set__/__delete__,
# __dict__, vars(), __class__, __slots__.


class Lazy:
    def __init__(self):
        self.real = 1

    def __getattr__(self, name):
        if name.startswith("x_"):
            return name[2:] * 2
        raise AttributeError(f"{type(self).__name__!r} has no {name!r}")


z = Lazy()
print(z.real, z.x_ab, getattr(z, "x_q", None), getattr(z, "nope", "default"), hasattr(z, "nope"))
try:
    z.missing
except AttributeError as e:
    print("AttributeError:", e)


class Traced:
    def __init__(self):
        self.a = 1

    def __getattribute__(self, name):
        if name.startswith("secret"):
            raise AttributeError("hidden: " + name)
        value = object.__getattribute__(self, name)
        if name == "a":
            return value * 100
        return value

    def __getattr__(self, name):
        return "fallback:" + name

    def method(self):
        return "method sees a=" + str(self.a)


t = Traced()
print(t.a, t.method(), t.secret_key, t.other)


class Frozen:
    def __init__(self, x):
        object.__setattr__(self, "x", x)

    def __setattr__(self, name, value):
        raise AttributeError("Frozen is read-only: " + name)

    def __delattr__(self, name):
        raise AttributeError("cannot delete " + name)


f = Frozen(3)
print(f.x)
for action in [lambda: setattr(f, "x", 4), lambda: delattr(f, "x")]:
    try:
        action()
    except AttributeError as e:
        print("AttributeError:", e)


class Recorder:
    def __init__(self):
        self.changes = []
        self.value = 0

    def __setattr__(self, name, value):
        if name != "changes":
            self.changes.append(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self.changes.append("del " + name)
        super().__delattr__(name)


r = Recorder()
r.value = 5
r.other = 6
del r.other
print(r.changes, r.value, sorted(vars(r)), hasattr(r, "other"))


class Positive:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.key, 0)

    def __set__(self, obj, value):
        if value < 0:
            raise ValueError(self.key[1:] + " must be >= 0")
        setattr(obj, self.key, value)

    def __delete__(self, obj):
        print("  deleting", self.key)
        delattr(obj, self.key)


class Constant:
    def __get__(self, obj, objtype=None):
        return 42


class Account:
    balance = Positive()
    limit = Positive()
    answer = Constant()


acct = Account()
acct.balance = 10
print(acct.balance, acct.limit, Account.balance.key, acct.answer, Account.answer, sorted(vars(acct)))
try:
    acct.limit = -1
except ValueError as e:
    print("ValueError:", e)
acct.answer = 7  # a non-data descriptor is shadowed by the instance dict
print(acct.answer, Account.answer)
del acct.balance
print(acct.balance, sorted(vars(acct)))


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __slots__ = ("z",)


p = Point3(1, 2)
p.z = 3
print(p.x, p.y, p.z, Point.__slots__, Point3.__slots__)
try:
    p.w = 4
except AttributeError as e:
    print("AttributeError:", e)


class Open(Point):
    pass


o = Open(1, 2)
o.extra = 5
print(o.extra, p.__class__.__name__, type(p) is Point3, o.__class__.__mro__[1].__name__)
print(Account.__dict__["limit"].key, "balance" in Account.__dict__, Account.__name__, Account.__module__)
