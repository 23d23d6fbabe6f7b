# weakref.getweakrefcount / getweakrefs count the live weak references to an object: a reference
# counts while it exists (with or without a callback, in a container or a local), and stops counting
# when it is deleted or its container is cleared; the refs getweakrefs returns call back to the object.
# (Libraries check them before mutating an object in place: torch.utils.swap_tensors refuses a tensor
# that has one.)
import weakref


class Node:
    pass


a = Node()
print(weakref.getweakrefcount(a), weakref.getweakrefs(a))
r1 = weakref.ref(a, lambda ref: None)
print(weakref.getweakrefcount(a), len(weakref.getweakrefs(a)), weakref.getweakrefs(a)[0]() is a)
r2 = weakref.ref(a, lambda ref: None)
print(weakref.getweakrefcount(a))
del r1
print(weakref.getweakrefcount(a))
refs = [weakref.ref(a, print) for _ in range(3)]
print(weakref.getweakrefcount(a))
refs.clear()
print(weakref.getweakrefcount(a))
del r2
print(weakref.getweakrefcount(a), weakref.getweakrefs(a))
b = Node()
holder = {"r": weakref.ref(b, len)}
print(weakref.getweakrefcount(b), weakref.getweakrefcount(a))
holder.pop("r")
print(weakref.getweakrefcount(b))


def make_and_drop(obj):
    r = weakref.ref(obj, id)
    return weakref.getweakrefcount(obj)


print(make_and_drop(a), weakref.getweakrefcount(a))
