# itertools and the recipes from its documentation (grouper, roundrobin over iter(x).__next__,
# powerset, unique_everseen, sliding_window, flatten); accumulate/groupby/pairwise/batched/tee/reprs.
import itertools as it
import operator
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], operator.mul)), list(it.accumulate([1, 2], initial=10)))
print(list(it.chain([1], (2, 3), 'ab')), list(it.chain.from_iterable([[1], [2, 3]])))
print(list(it.islice(it.count(5, 2), 4)), list(it.islice('abcdefg', 1, None, 2)), list(it.islice(range(10), 3)))
print(list(it.compress('abcdef', [1, 0, 1, 0, 1, 1])), list(it.dropwhile(lambda x: x < 3, [1, 4, 2])), list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(it.filterfalse(lambda x: x % 2, range(6))), [(k, list(g)) for k, g in it.groupby('aabbbc')])
print([(k, len(list(g))) for k, g in it.groupby(sorted(['ab', 'b', 'cd', 'e']), key=len)])
print(list(it.pairwise('abcd')), list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.zip_longest('ab', 'xyz', fillvalue='-')))
print(list(it.product('ab', repeat=2)), list(it.permutations(range(3), 2)), list(it.combinations('abcd', 2)))
print(list(it.combinations_with_replacement('ab', 2)), list(it.repeat('x', 3)), list(it.islice(it.cycle('ab'), 5)))
a, b = it.tee([1, 2, 3])
print(list(a), list(b), list(it.batched(range(7), 3)))
def grouper(iterable, n, fillvalue=None):
    args = [iter(iterable)] * n
    return it.zip_longest(*args, fillvalue=fillvalue)
print(list(grouper('ABCDEFG', 3, 'x')))
def roundrobin(*iterables):
    num_active = len(iterables)
    nexts = it.cycle(iter(x).__next__ for x in iterables)
    while num_active:
        try:
            for n in nexts:
                yield n()
        except StopIteration:
            num_active -= 1
            nexts = it.cycle(it.islice(nexts, num_active))
print(list(roundrobin('ABC', 'D', 'EF')))
def powerset(iterable):
    s = list(iterable)
    return it.chain.from_iterable(it.combinations(s, r) for r in range(len(s) + 1))
print(list(powerset([1, 2, 3])))
def unique_everseen(iterable, key=None):
    seen = set()
    for element in iterable:
        k = element if key is None else key(element)
        if k not in seen:
            seen.add(k)
            yield element
print(list(unique_everseen('AAAABBBCCDAABBB')), list(unique_everseen('ABBcCAD', str.lower)))
def sliding_window(iterable, n):
    from collections import deque
    iterator = iter(iterable)
    window = deque(it.islice(iterator, n - 1), maxlen=n)
    for x in iterator:
        window.append(x)
        yield tuple(window)
print(list(sliding_window('ABCDEFG', 4)))
def flatten(list_of_lists):
    return it.chain.from_iterable(list_of_lists)
print(list(flatten([[1, 2], [3]])), sum(1 for _ in it.product(range(3), range(4))))
c = it.count(); next(c); print(next(c), repr(it.count(3)), repr(it.repeat(1, 2)))
print(list(it.accumulate([3, 1, 4, 1, 5], max)), list(map(operator.itemgetter(1), [(1, 'a'), (2, 'b')])))
