# badinput: a weak reference to a namedtuple instance (a tuple subclass has no weak-reference slot); a plain class works
# expect-exit: 1
# expect-stderr: TypeError: cannot create weak reference to 'P' object
# expect-stdout: True
import collections, weakref
class C: pass
c = C()
print(weakref.ref(c)() is c)
P = collections.namedtuple("P", "x y")
weakref.ref(P(1, 2))
