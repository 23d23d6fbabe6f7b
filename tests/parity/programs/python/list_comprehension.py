# List/dict comprehensions, nested with conditions, generator expressions in reducers.
print([x * x for x in range(8)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(1, 4)] for i in range(1, 4)])
print([c.upper() for c in "hello" if c not in "aeiou"])
print([x if x % 2 else -x for x in range(6)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row if v != 4])
print([w for w in "the quick brown fox".split() if len(w) > 3])
print([(k, v) for k, v in {'a': 1, 'b': 2}.items()])
print([n for n in [3, -1, 0, 7, -5] if n > 0 and n < 5 or n == -5])
print([[]  for _ in range(2)], [x for x in []], [1 for _ in 'abc'])
print(sum(x * x for x in range(5)), max(len(w) for w in ['a', 'abc', 'ab']), min(x % 4 for x in range(5, 9)))
print(any(x > 3 for x in [1, 2, 5]), all(x > 0 for x in [1, 2, 0]), any(x for x in []), all(x for x in []))
print(list(x + 1 for x in range(3)), tuple(s * 2 for s in 'ab'), sorted(-x for x in [2, 9, 4]))
pairs = [(a, b, c) for a in range(1, 15) for b in range(a, 15) for c in range(b, 15) if a * a + b * b == c * c]
print(pairs)
print({w: len(w) for w in ['one', 'three', 'five']})
print({k: v for k, v in zip('abc', range(3)) if v != 1})
print({i % 3: i for i in range(10)})
inv = {v: k for k, v in {'x': 1, 'y': 2}.items()}
print(inv)
print({n: [m for m in range(n)] for n in range(4)})
words = "a bb a ccc bb a".split()
print({w: words.count(w) for w in words})
x = 'outer'
print([x for x in range(3)], x)
flat = [y for x in [[1, [2]], [3]] for y in x]
print(flat)
print([str(i) + s for i, s in enumerate(['a', 'b']) for _ in range(2)])
