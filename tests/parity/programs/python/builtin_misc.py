# any/all, map/filter, callable, iter/next, len, isinstance/issubclass, repr, type.
print(any([]), all([]), any([0, '', None]), any([0, 1]), all([1, 'a', [0]]), all([1, 0]))
print(any('abc'), all(['', 'x']), any(x > 5 for x in range(7)), all(x < 5 for x in range(7)))
print(list(map(abs, [-1, 2, -3])), list(map(len, ['a', 'bb', ''])), list(map(lambda s: s.upper(), ['x', 'y'])))
print(list(map(lambda a, b, c: a + b + c, [1, 2], [10, 20], [100, 200, 300])))
print(list(filter(lambda s: s.startswith('a'), ['apple', 'bean', 'avocado'])), list(filter(None, (0, 3, 0, 4))))
print(callable(len), callable(lambda: 0), callable('len'), callable(int), callable(None))
def f():
    pass
class K:
    def m(self):
        return 1
    def __call__(self):
        return 2
k = K()
print(callable(f), callable(K), callable(k.m), callable(k), k())
print(len('abc'), len([1, [2, 3]]), len((None,)), len({'a': 1, 'b': 2}), len(range(3, 10, 2)), len(''))
print(isinstance(3, int), isinstance(3.0, (int, float)), isinstance('s', (list, tuple)), isinstance([], list))
print(isinstance({}, dict), isinstance((), tuple), isinstance(None, type(None)), isinstance(k, K))
print(issubclass(bool, int), issubclass(int, bool), issubclass(K, object), issubclass(ValueError, Exception))
print(repr(3), repr('3'), repr([3, '3']), repr(3.0), repr(None), repr(True))
print(type(3).__name__, type(3.5).__name__, type('x').__name__, type(None).__name__, type(f).__name__)
print(type(K).__name__, type(k).__name__, type(type(3)).__name__)
it = iter(range(3))
print(next(it), list(it), next(it, 'exhausted'))
data = [3, 1, 2]
it = iter(data)
first = next(it)
rest = list(it)
print(first, rest, data)
print(int(), float(), str(), bool(), list(), tuple(), dict())
print(isinstance(k, object), isinstance(3, object), isinstance(None, object))
print(list(map(int, '123')), list(zip(*[[1, 2, 3], [4, 5, 6]])), list(enumerate(map(len, ['ab', 'c']))))
print(sorted(map(lambda x: x % 3, range(7))), max(map(abs, [-9, 4])), sum(filter(lambda x: x > 2, [1, 2, 3, 4])))
