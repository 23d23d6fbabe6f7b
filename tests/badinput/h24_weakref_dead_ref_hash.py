# badinput: hashing a weak reference first after its referent died
# expect-exit: 1
# expect-stderr: TypeError: weak object has gone away
import weakref
class A:
    pass
r = weakref.ref(A())
print(r())
print(hash(r))
