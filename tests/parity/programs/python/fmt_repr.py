# repr/str of nested containers with strings, floats, None, bools.
data = [1, 2.5, 'three', None, True, False, [4, [5.0, 'six']], (7,), (), {'k': 'v', 2: [None]}, {}, []]
print(data)
print(repr(data) == str(data))
print(str(data[2]), repr(data[2]))
nested = {'name': 'x', 'vals': (1.0, -0.5, 1e-10, 1e16), 'empty': {}, 'flag': None}
print(nested)
print(repr(nested))
print((1, 'a', (2, ('b',))), [[[]]], [(), ()], ((),))
print(['it\'s', "quote\"d", 'both \' and "', 'back\\slash', 'tab\tnl\n'])
print(repr("it's"), repr('say "hi"'), repr('\\'), repr('\t'), repr('a\nb'))
print(str(None), repr(None), str(True), repr(False))
print([0.1, 0.2, 0.1 + 0.2, 1 / 3, 2.0, -3.0, 100.0, 1e22, 12345678901234567.0])
print({1: 1.0, 2.5: 'two', 'three': [3], (4, 5): None, False: 'bool key', None: 0})
print(list(range(3)), range(3), range(1, 10, 2), range(0))
print(str([1, 2]) + str((3,)), repr(repr('x')))
print([str(x) for x in [1, 1.0, 'a', None]], [repr(x) for x in [1, 1.0, 'a', None]])
print(len(repr([1, 'ab'])), len(str({'a': 1})))
print(dict(a=[1, {'b': (2, 3.5)}]), tuple([[1], ['x']]))
class P:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return 'P(' + repr(self.v) + ')'
print([P(1), P('s'), P([P(None)])], {'p': P(2.5)}, (P(0),))
print(str(P('x')), f"{P('y')}")
