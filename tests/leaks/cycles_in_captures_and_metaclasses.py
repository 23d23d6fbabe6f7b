# badinput: reference cycles the engine's own C++ structures could keep forever: Dynamo's trackers of new objects that refer to themselves or to each other (and of lists, closures and @contextmanager generators made in the compiled frame), classes holding a metaclass local to a factory (with a registry that refers back to its classes), six.with_metaclass
# expect-exit: 0
# expect-stdout: done
import contextlib

import six
import torch


class Node:
    def __init__(self, v):
        self.v = v
        self.me = self


class Parent:
    def __init__(self, v):
        self.v = v
        self.child = Child(self, v * 3)


class Child:
    def __init__(self, parent, w):
        self.parent = parent
        self.w = w


@contextlib.contextmanager
def scaled(k):
    yield k * 2


def self_ref(x):
    n = Node(x * 2)
    return n.me.v + 1, n


def pair(x):
    p = Parent(x + 1)
    return p.child.w.sum(), p


def list_in_itself(x):
    xs = [x]
    xs.append(xs)
    return xs[0] * 2, xs


def recursive_closure(x):
    def f(n):
        return x if n == 0 else f(n - 1) + 1
    return f(2)


def managed(x):
    with scaled(3) as k:
        y = x * k
    return y.sin()


x = torch.arange(6.0).reshape(2, 3)
for fn in (self_ref, pair, list_in_itself, recursive_closure, managed):
    torch._dynamo.reset()
    torch.compile(fn, backend="eager")(x)
    torch.compile(fn, backend="eager")(x + 1)


def make(tag):
    class Meta(type):
        registry = []

        def __init__(cls, name, bases, ns):
            super().__init__(name, bases, ns)
            Meta.registry.append(cls)

        def __call__(cls, *args):
            return (tag, cls.__name__, args)

    class A(metaclass=Meta):
        pass

    return A


classes = [make("t%d" % i) for i in range(3)]
kept = classes[0]
del classes


class Base(object):
    pass


class WithMeta(six.with_metaclass(type, Base)):
    pass


print(kept(1) and WithMeta.__mro__ and "done")
