# dict merging (| and |=), setdefault/pop/popitem, key functions, fromkeys; set algebra and updates;
# format_map; sorting with keys; word counts; enumerate/zip/map/filter; empty-iterable defaults;
# print's sep/end/file; conversions, vars/getattr/hasattr/dir.
d = {'b': 2, 'a': 1}
d |= {'c': 3}
print(d, d | {'a': 9}, {'z': 0} | d, d.setdefault('e', 5), d.pop('e'), d.pop('nope', None), d.get('a'), list(d.keys()))
print(dict(sorted(d.items())), max(d, key=d.get), sorted(d, key=lambda k: -d[k]), {v: k for k, v in d.items()}, d.popitem(), d)
print(dict.fromkeys('ab', 0), dict([('x', 1)], y=2), list(reversed({'p': 1, 'q': 2})), {**d, 'b': 20}, len(d), 'a' in d, d.items() & {('a', 1)})
s = {3, 1, 2}
print(s | {4}, s & {1, 5}, s - {1}, s ^ {1, 9}, s <= {1, 2, 3, 4}, s.isdisjoint({7}), frozenset(s) == s, sorted(s), min(s), {x for x in s if x > 1})
s.add(9); s.discard(100); s.update([7, 8]); print(sorted(s), len(s), s.issuperset({1, 2}), s.pop() in range(10))
print('{name} is {age}'.format_map({'name': 'Ann', 'age': 30}), 'a{0}b{0}'.format(1), '%s' % [1, 2], 'x'.join(map(str, range(3))))
print(sorted(['b', 'A', 'c'], key=str.lower), sorted([(1, 'b'), (1, 'a'), (0, 'z')]), sorted([3, 1, 2], reverse=True), list(reversed('abc')))
words = 'the cat and the hat'.split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
print(freq, sorted(freq.items(), key=lambda kv: (-kv[1], kv[0])))
print(list(enumerate('ab', start=1)), list(zip(*[(1, 'a'), (2, 'b')])), list(map(lambda a, b: a + b, [1, 2], [3, 4])), list(filter(str.isupper, 'aBcD')))
print(all([]), any([]), sum([], 10), min([], default=None), max([1, 3], default=0), round(2.5), round(3.5), divmod(7, 2), pow(2, 10), abs(-3))
print(isinstance(1, (int, str)), issubclass(bool, int), type(1.0).__name__, id(1) == id(1), hash(1) == hash(1.0), len(range(0, 10, 3)), range(5)[-1], range(10)[2:5])
print(print('inner', end='|'), sep='')
print('a', 'b', sep='', end='\n')
print('x', 1, None, sep=', ')
import sys
print('to stderr', file=sys.stderr)
print(repr(str(12)), int('12') + 1, float('1.5') * 2, str(True), bool('False'), list('ab'), tuple([1]), set('aa'), dict(a=1))
print(vars(type('T', (), {'k': 1}))['k'], getattr(str, 'upper')('q'), hasattr([], 'append'), dir([]).count('append'), callable(print))
