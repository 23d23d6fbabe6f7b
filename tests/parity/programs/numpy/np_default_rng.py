# numpy.random.default_rng: PCG64 streams through SeedSequence, NumPy's ziggurat normal,
# Lemire bounded integers, shuffles, choice with and without replacement
import numpy as np

rng = np.random.default_rng(12345)
print(rng.random(), rng.random(3))
print(rng.integers(0, 10, size=5), rng.integers(5), rng.integers(-3, 3, size=(2, 3)))
print(rng.integers(0, 2**40, size=3), rng.integers(1, 7, endpoint=True, size=6), type(rng.integers(4)))
print(rng.integers(10, dtype=int), rng.integers(0, 2**62))
print(rng.standard_normal(), rng.standard_normal(4))
print(rng.normal(5.0, 2.0, size=3), rng.normal())
print(rng.uniform(-1, 1, size=4), rng.uniform())
print(rng.standard_exponential(3), rng.exponential(2.0, size=2))
big = np.random.default_rng(7).standard_normal(20000)
print(big[:5], big.mean(), big.std(), big.min(), big.max())
print(np.random.default_rng(8).standard_exponential(5000).sum())

rng = np.random.default_rng(0)
print(rng.permutation(10), rng.permutation(np.arange(6) * 10))
m = np.arange(12).reshape(4, 3)
print(rng.permutation(m))
a = np.arange(8)
rng.shuffle(a)
print(a)
lst = list('abcdefg')
rng.shuffle(lst)
print(lst)
print(rng.choice(5), rng.choice(5, size=4), rng.choice([10, 20, 30], size=(2, 2)))
print(rng.choice(10, size=4, replace=False), rng.choice(100, size=5, replace=False, shuffle=False))
print(rng.choice(4, size=6, p=[0.1, 0.2, 0.3, 0.4]), rng.choice(np.array([1.5, 2.5, 3.5])))
print(rng.choice(20000, size=1000, replace=False)[:8])

for seed in [0, 1, 2**32, 2**64 + 5, [1, 2, 3], 123456789012345678901234567890]:
    r = np.random.default_rng(seed)
    print(seed, r.random(), r.integers(1000))
g = np.random.default_rng(3)
print(np.random.default_rng(g) is g, str(g))
print(np.random.default_rng(99).random((2, 2)).round(6))
