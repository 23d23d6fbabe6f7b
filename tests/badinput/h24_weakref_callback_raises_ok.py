# badinput: a weakref callback that raises: reported as "Exception ignored", the program goes on
# expect-exit: 0
# expect-stdout: after callback True
import weakref
class A:
    pass
def cb(r):
    raise RuntimeError("callback failed")
a = A()
r = weakref.ref(a, cb)
del a
print("after callback", r() is None)
