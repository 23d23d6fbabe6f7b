# random: sample (small and large populations, counts=), choices (weights, cum_weights, k),
# and the float distributions (printed rounded: they call libm).
import random

random.seed(10)
print(random.sample(range(100), 5))
print(random.sample('abcdefghij', 10))
print(random.sample(range(1000), 30))
print(random.sample(['red', 'blue'], counts=[4, 2], k=5))
print(random.sample(range(10), 0))
print(random.choices(['a', 'b', 'c'], k=10))
print(random.choices(['a', 'b', 'c'], [10, 1, 1], k=10))
print(random.choices(['a', 'b', 'c'], cum_weights=[1, 2, 10], k=8))
print(random.choices(range(5)))
print(random.choices([0, 1], weights=[0.25, 0.75], k=12))

random.seed(3)
print([round(random.gauss(0, 1), 10) for _ in range(5)])
print([round(random.normalvariate(10, 2), 10) for _ in range(5)])
print([round(random.expovariate(1.5), 10) for _ in range(3)])
print([round(random.lognormvariate(0, 0.5), 10) for _ in range(3)])
print([round(random.gammavariate(a, 2.0), 10) for a in [0.5, 1.0, 3.0]])
print([round(random.betavariate(2, 5), 10) for _ in range(3)])
print([round(random.vonmisesvariate(1.0, 4.0), 10) for _ in range(3)], round(random.vonmisesvariate(0, 0), 10))
print(round(random.paretovariate(3), 10), round(random.weibullvariate(1, 1.5), 10))
random.seed(3)
g1 = random.gauss()
random.seed(3)
print(g1 == random.gauss())

for f in [lambda: random.sample(range(3), 4), lambda: random.sample({'a': 1}, 1),
          lambda: random.choices('ab', [1], k=2), lambda: random.choices('ab', [0, 0]),
          lambda: random.choices('ab', [1, 1], cum_weights=[1, 2]), lambda: random.choices('ab', 3),
          lambda: random.sample('ab', 1, counts=[1]), lambda: random.gammavariate(0, 1)]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
