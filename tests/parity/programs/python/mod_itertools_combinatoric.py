# itertools: product, permutations, combinations, combinations_with_replacement: orders and counts.
from itertools import product, permutations, combinations, combinations_with_replacement

print(list(product('AB', 'xy')))
print(list(product([0, 1], repeat=3)))
print(list(product('ab', [1, 2], repeat=2))[:6], len(list(product('ab', [1, 2], repeat=2))))
print(list(product()), list(product('ab', [])), list(product(range(2), repeat=0)))
print(list(permutations('ABC')))
print(list(permutations(range(4), 2)))
print(list(permutations([1, 2], 3)), list(permutations([], 0)), len(list(permutations(range(5)))))
print(list(combinations('ABCD', 2)))
print(list(combinations(range(5), 3)))
print(list(combinations([1, 2], 3)), list(combinations('ab', 0)))
print(list(combinations_with_replacement('ABC', 2)))
print(list(combinations_with_replacement(range(3), 3)))
print(list(combinations_with_replacement('', 2)), list(combinations_with_replacement('', 0)))
total = 0
for a, b in combinations([3, 5, 7, 11], 2):
    total += a * b
print(total)
for args in [('abc', -1)]:
    try:
        combinations(*args)
    except ValueError as e:
        print('ValueError', e)
try:
    product('ab', repeat=-1)
except ValueError as e:
    print('ValueError', e)
