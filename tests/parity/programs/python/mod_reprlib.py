# reprlib: the default limits of reprlib.repr on every container kind and on long strings and ints,
# a Repr with other limits and 3.12's indent, a subclass adding a repr_TYPE method, and
# recursive_repr on a self-containing object.
import reprlib
from collections import deque

print(reprlib.repr(list(range(20))), reprlib.repr(tuple(range(3))), reprlib.repr((1,)), reprlib.repr(()))
print(reprlib.repr(set(range(10))), reprlib.repr(frozenset({3, 1, 2})), reprlib.repr(set()), reprlib.repr(frozenset()))
print(reprlib.repr({i: str(i) for i in range(8)}), reprlib.repr({}), reprlib.repr({'b': 1, 'a': [1, 2]}))
print(reprlib.repr(deque(range(9))), reprlib.repr(deque()))
print(reprlib.repr('x' * 100), reprlib.repr('short'), reprlib.repr("it's" * 10))
print(reprlib.repr(2 ** 200), reprlib.repr(-10 ** 50), reprlib.repr(12345))
print(reprlib.repr([[[[[[[[1]]]]]]]]), reprlib.repr([[[[[[[]]]]]]]))
print(reprlib.repr({1, 'a', 2.5, None}) in ("{1, 'a', 2.5, None}", "{None, 1, 2.5, 'a'}") or 'unsorted')


class Thing:
    def __repr__(self):
        return 'Thing(' + 'abcdefghij' * 5 + ')'


class Broken:
    def __repr__(self):
        raise RuntimeError('no repr')


print(reprlib.repr(Thing()), reprlib.repr(Broken()).startswith('<Broken instance at 0x'))
print(reprlib.repr(3.14159), reprlib.repr(None), reprlib.repr(b'bytes' * 20))

r = reprlib.Repr(maxlist=3, maxstring=12, maxlevel=2, fillvalue='<>')
print(r.repr(list(range(10))), r.repr('abcdefghijklmnopqrstuvwxyz'), r.repr([[[1]]]), r.repr({1: {2: {3: 4}}}))
r.maxdict = 1
r.maxlong = 8
print(r.repr({'a': 1, 'b': 2}), r.repr(10 ** 20), r.maxtuple, r.maxset, r.maxother, r.indent)
ri = reprlib.Repr(indent=4)
print(ri.repr([1, [2, 3], {'k': (4,)}]))
print(reprlib.Repr(indent='--').repr([1, 2]))
print(reprlib.Repr(indent=2).repr([]), reprlib.Repr(indent=2).repr((5,)))
for bad in [-1, 2.5]:
    try:
        reprlib.Repr(indent=bad).repr([1])
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    reprlib.Repr(3)
except TypeError as e:
    print('TypeError', e)


class MyRepr(reprlib.Repr):
    def repr_Thing(self, obj, level):
        return '<thing>'

    def repr_str(self, obj, level):
        return obj.upper()


m = MyRepr()
print(m.repr([Thing(), 'abc', (Thing(),)]))


class Node:
    def __init__(self, name):
        self.name = name
        self.children = []

    @reprlib.recursive_repr()
    def __repr__(self):
        return f'Node({self.name}, {self.children})'


n = Node('root')
n.children.append(Node('leaf'))
n.children.append(n)
print(repr(n), Node.__repr__.__name__, Node.__repr__.__qualname__, Node.__repr__.__type_params__)


class Loop(list):
    @reprlib.recursive_repr('<loop>')
    def __repr__(self):
        return 'Loop' + list.__repr__(self)


lp = Loop([1])
lp.append(lp)
print(repr(lp))
print(reprlib.__all__, type(reprlib.aRepr).__name__, reprlib.aRepr.maxlevel)
