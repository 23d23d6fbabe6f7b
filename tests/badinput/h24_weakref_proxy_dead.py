# badinput: a weakref.proxy used after its referent was freed (Kiln's proxy was the object itself, kept alive)
# expect-exit: 1
# expect-stderr: ReferenceError: weakly-referenced object no longer exists
import weakref
class Node:
    def __init__(self):
        self.value = 1
n = Node()
p = weakref.proxy(n)
print(p.value)
del n
print(p.value)
