# itertools: infinite iterators, filtering/grouping/slicing iterators, tee and zip_longest.
import itertools
from itertools import count, cycle, repeat, islice, chain, groupby

print(list(islice(count(), 5)), list(islice(count(10, 3), 4)), list(islice(count(1.5, 0.5), 3)))
c = count(7)
next(c)
print(repr(c), repr(count(2, 5)), repr(count(0.5)))
print(list(islice(cycle('abc'), 8)), list(cycle([])))
print(list(repeat('x', 3)), list(islice(repeat(0), 4)), repr(repeat(5, 2)), repr(repeat('a')))
r = repeat(1, 3)
next(r)
print(repr(r), list(repeat(9, -2)))

print(list(itertools.accumulate([1, 2, 3, 4, 5])))
print(list(itertools.accumulate([3, 1, 4, 1, 5], max)))
print(list(itertools.accumulate([1, 2, 3], lambda a, b: a * b, initial=10)))
print(list(itertools.accumulate([], initial=0)), list(itertools.accumulate('abc')))

print(list(chain([1, 2], 'ab', (3,))), list(chain.from_iterable([[1], [2, 3], []])), list(chain()))
print(list(itertools.compress('ABCDEF', [1, 0, 1, 0, 1, 1])))
print(list(itertools.dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(itertools.takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(itertools.filterfalse(lambda x: x % 2, range(10))), list(itertools.filterfalse(None, [0, 1, '', 'a'])))

for k, g in groupby('AAAABBBCCDAABBB'):
    print(k, list(g))
print([k for k, g in groupby('AAAABBBCCD')])
words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry', 'apricot']
for k, g in groupby(words, key=lambda w: w[0]):
    print(k, list(g))
groups = [(k, g) for k, g in groupby('aabbc')]
print([(k, list(g)) for k, g in groups])
gb = groupby([1, 1, 2, 2, 2, 3])
k1, g1 = next(gb)
print(k1, next(g1))
k2, g2 = next(gb)
print(k2, list(g2), list(g1))

print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)), list(islice('ABCDEFG', 2, None)))
print(list(islice('ABCDEFG', 0, None, 2)), list(islice(range(100), 10, 20, 3)), list(islice('AB', 5, 9)))
it = iter(range(10))
print(list(islice(it, 3)), next(it))
print(list(itertools.pairwise('ABCDE')), list(itertools.pairwise([1])))
print(list(itertools.starmap(pow, [(2, 5), (3, 2), (10, 3)])))

a, b = itertools.tee(iter([1, 2, 3, 4]))
print(next(a), next(a), next(b), list(a), list(b))
t3 = itertools.tee('xyz', 3)
print(len(t3), [list(t) for t in t3], itertools.tee([1], 0))
print(list(itertools.zip_longest('ABCD', 'xy', fillvalue='-')), list(itertools.zip_longest([1, 2], [3])))
print(list(itertools.zip_longest()))

for f in [lambda: islice('abc', -1), lambda: islice('abc', 0, 2, 0), lambda: islice('abc', 1, -2),
          lambda: itertools.tee([], -1), lambda: count('a')]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(type(chain()).__name__, type(count()).__name__, type(groupby('')).__name__)
