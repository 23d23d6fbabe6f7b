# weakref.ref does not keep its referent alive: once the last strong reference goes, ref() is None
# and the callbacks run (newest first, with the dead ref); repeated ref(obj) without a callback is
# one object; a dead ref keeps the hash it had, compares by identity, and hashing it first when dead
# is an error; __del__ runs before the refs die; a resurrecting __del__ keeps them alive; an error in
# a callback is reported and the program goes on; types without a weak-reference slot are refused.
import weakref


class A:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return f"A({self.n})"


a = A(1)
log = []
r = weakref.ref(a, lambda ref: log.append(("cb", ref is r, ref())))
print(r() is a, weakref.getweakrefcount(a), len(weakref.getweakrefs(a)))
del a
print(log, r(), repr(r).endswith("; dead>"))

b = A(2)
r1 = weakref.ref(b)
r2 = weakref.ref(b)
r3 = weakref.ref(b, lambda r: None)
print(r1 is r2, r3 is r1, r1 == r3, hash(r1) == hash(b), weakref.getweakrefcount(b))
h = hash(r1)
del b
print(r1(), r1 == r2, r1 == r3, hash(r1) == h)
try:
    hash(weakref.ref(A(3)))
except TypeError as e:
    print("TypeError:", e)

order = []
c = A(4)
refs = [weakref.ref(c, lambda r, i=i: order.append(i)) for i in range(4)]
del c
print("callback order", order)

called = []
d = A(5)
rd = weakref.ref(d, lambda r: called.append("d"))
del rd
del d
print("dropped ref's callback ran:", called)


def bad(r):
    raise ValueError("from a callback")


e = A(6)
re_ = weakref.ref(e, bad)
del e  # "Exception ignored in: <function bad ...>" and the traceback go to stderr
print("after a failing callback", re_())


class D:
    def __del__(self):
        print("__del__ sees its ref alive:", rdel() is not None)


o = D()
rdel = weakref.ref(o, lambda r: print("D's callback"))
del o
print("D gone:", rdel() is None)

keep = []


class R:
    def __del__(self):
        keep.append(self)


x = R()
rr = weakref.ref(x, lambda r: print("R's callback"))
del x
print("resurrected:", rr() is keep[0])

for v in (1, "s", (1,), [], {}, None, 2.5):
    try:
        weakref.ref(v)
    except TypeError as err:
        print(err)


class S:
    __slots__ = ("x",)


class SW:
    __slots__ = ("x", "__weakref__")


try:
    weakref.ref(S())
except TypeError as err:
    print(err)
print(type(weakref.ref(SW())).__name__, weakref.ref(SW())() is None)


def f():
    pass


print(weakref.ref(f)() is f, weakref.ref(A)() is A, weakref.ReferenceType is weakref.ref)
