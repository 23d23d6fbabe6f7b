# badinput: closures, nonlocal cells, decorators, classes with reference cycles, __del__, properties, metaclasses and super()
# expect-exit: 0
# expect-stdout: done
import functools
def counter():
    c = 0
    def inc():
        nonlocal c
        c += 1
        return c
    return inc
f = counter(); f(); print(f())
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k) + 1
    return wrapper
@deco
def one():
    return 1
print(one(), one.__name__)
class Node:
    def __init__(self, name):
        self.name = name
        self.peer = None
        self.children = []
a, b = Node("a"), Node("b")
a.peer, b.peer = b, a
a.children.append(a)
class Tracked:
    def __del__(self):
        print("del", type(self).__name__)
t = Tracked(); t = None
loop = Tracked(); loop.me = loop  # a cycle with a finalizer
class Meta(type):
    def __call__(cls, *a):
        return super().__call__(*a)
class Base(metaclass=Meta):
    def __init__(self, v):
        self._v = v
    @property
    def v(self):
        return self._v
class Child(Base):
    def __init__(self, v):
        super().__init__(v * 2)
print(Child(3).v)
bound = Child(1).__init__  # a bound method of a dropped instance
lambdas = [lambda x, i=i: x + i for i in range(3)]
print([g(1) for g in lambdas])
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(40))
print("done")
