# math.sumprod (CPython 3.12): the sum of products of two equal-length iterables; exact ints while
# they fit a C long, floats (and float/int pairs) in triple-length arithmetic, anything else as
# objects; ValueError for different lengths.
import math

print(math.sumprod([1, 2, 3], [4, 5, 6]), math.sumprod([], []), math.sumprod((2,), [3.5]))
print(math.sumprod([0.1] * 10, [1.0] * 10), sum([0.1] * 10), math.fsum([0.1] * 10))
print(math.sumprod([1e20, 1.0, -1e20], [1.0, 1.0, 1.0]), math.sumprod([0.1, 0.2, 0.3], [3, 2, 1]))
print(math.sumprod([2 ** 62, 2 ** 62], [2, 2]), math.sumprod([2 ** 70], [3]), math.sumprod([3, 4], [True, False]))
print(math.sumprod([1.5, 2, 3], [2, 2.5, 3]), math.sumprod([1, 2.5], [2 ** 80, 2]))
print(math.sumprod([float('inf'), 1.0], [1.0, 2.0]), math.sumprod([1e308, 1e308], [10.0, -10.0]))
print(math.sumprod([1, 2], [3.0, 4.0]), math.sumprod(iter([1.25, 2.5]), (4, 8)))
w = [0.2, 0.3, 0.5]
x = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
print([math.sumprod(w, col) for col in zip(*x)])
try:
    math.sumprod([1, 2], [3])
except ValueError as e:
    print('ValueError', e)
try:
    math.sumprod([1], [3, 4])
except ValueError as e:
    print('ValueError', e)
try:
    math.sumprod([1, 'a'], [2, 3])
except TypeError as e:
    print('TypeError', e)
try:
    math.sumprod(1, [2])
except TypeError as e:
    print('TypeError', e)
