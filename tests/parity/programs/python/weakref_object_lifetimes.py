# When objects die, seen through weak references: a function's locals after it returns, a temporary, a
# bound method (a new object each access, so a ref to it dies at once), a rebound name, the last loop
# variable, an exception's argument after the except block, a cleared dict, a reference cycle broken by
# hand, one of several references dropped, a lambda, a class.
import weakref
class A:
    pass
def make():
    a = A()
    return weakref.ref(a)
print("local after return:", make()() is None)
r = weakref.ref(A())
print("temp:", r() is None)
class M:
    def meth(self): pass
m = M()
print("bound method:", weakref.ref(m.meth)() is None)
def f():
    a = A()
    r = weakref.ref(a)
    a = None
    return r() is None
print("rebind:", f())
lst = [A() for _ in range(3)]
refs = []
for x in lst:
    refs.append(weakref.ref(x))
lst.pop()
print("loop var keeps last:", [r() is None for r in refs])
del x
lst.pop()
print("after pop:", [r() is None for r in refs])
try:
    a = A()
    ra = weakref.ref(a)
    raise ValueError(a)
except ValueError as e:
    pass
del a
print("exception arg after except:", ra() is None)
d = {"k": A()}
rd = weakref.ref(d["k"])
d.clear()
print("dict clear:", rd() is None)
class Node:
    def __init__(self): self.other = None
n1, n2 = Node(), Node()
n1.other = n2; n2.other = n1
rn = weakref.ref(n1)
del n1, n2
n1 = rn()
n1.other = None
rn2 = weakref.ref(n1.other if n1.other else n1)
del n1
print("cycle broken by hand:", rn() is None)
g = (A() for _ in range(2))
x = next(g)
rg = weakref.ref(x)
del x
print("from generator:", rg() is None)
a = A()
ra = weakref.ref(a)
b = [a, a]
del a
b[0] = None
print("one of two refs:", ra() is None)
b[1] = None
print("both:", ra() is None)
lam = lambda: None
rl = weakref.ref(lam)
del lam
print("lambda:", rl() is None)
class K: pass
rk = weakref.ref(K)
del K
print("class:", rk() is None)
