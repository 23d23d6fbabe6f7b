# itertools.batched (CPython 3.12): tuples of n items from any iterable, the last one shorter,
# lazily; n through operator.index, ValueError below 1; the input is read only as batches are taken.
from itertools import batched, count, islice

print(list(batched('ABCDEFG', 3)))
print(list(batched(range(6), 2)), list(batched([], 4)), list(batched([1], 1)))
print(list(batched(iter([1, 2, 3, 4]), n=4)), list(batched(range(5), True)))
print(list(islice(batched(count(), 3), 3)))
b = batched([10, 20, 30], 2)
print(iter(b) is b, next(b), next(b))
try:
    next(b)
except StopIteration:
    print('StopIteration')
data = list(range(1, 11))
for i, chunk in enumerate(batched(data, 4)):
    print(i, chunk, sum(chunk) / len(chunk))


def noisy():
    for i in range(5):
        print('yield', i)
        yield i


nb = batched(noisy(), 2)
print('made')
print(next(nb))
print(next(nb))
for bad in [0, -1]:
    try:
        batched([1], bad)
    except ValueError as e:
        print('ValueError', e)
for bad in [2.0, '2', None]:
    try:
        batched([1], bad)
    except TypeError as e:
        print('TypeError', e)


def boom():
    yield 1
    raise KeyError('k')


bb = batched(boom(), 3)
try:
    next(bb)
except KeyError as e:
    print('KeyError', e)
print(list(bb))
