# badinput: 20000 objects, each with a finalizer that frees the next (a chain freed from a callback)
# expect-exit: 0
# expect-stdout: finalized 20000
import weakref
class Node:
    pass
count = [0]
def done(nxt):
    count[0] += 1
head = None
nodes = [Node() for _ in range(20000)]
for i, n in enumerate(nodes):
    weakref.finalize(n, done, None)
del n
nodes.clear()
print("finalized", count[0])
