# heapq (heapify, push/pop, pushpop/replace, merge, nsmallest with key), bisect with key and
# insort, seeded random draws (CPython's streams), math functions with exact results, statistics.
import heapq, bisect, random, math, statistics
h = [5, 1, 8, 3]
heapq.heapify(h); heapq.heappush(h, 0)
print(h, heapq.heappop(h), heapq.nsmallest(2, [4, 1, 3]), heapq.nlargest(2, 'abcd'), heapq.heappushpop(h, 10), heapq.heapreplace(h, -1), h)
print(list(heapq.merge([1, 4], [2, 3])), heapq.nsmallest(2, [{'k': 3}, {'k': 1}], key=lambda d: d['k']))
a = [1, 3, 3, 7]
print(bisect.bisect_left(a, 3), bisect.bisect_right(a, 3), bisect.bisect(a, 10), bisect.bisect_left(a, 4, key=None))
bisect.insort(a, 5); print(a, bisect.bisect_left([(1, 'a'), (3, 'b')], 2, key=lambda t: t[0]))
random.seed(42)
print(random.random(), random.randint(1, 10), random.choice('abc'), random.sample(range(10), 3), random.uniform(1, 2))
l = list(range(6)); random.shuffle(l); print(l, random.choices('ab', weights=[1, 3], k=4), round(random.gauss(0, 1), 6), random.getrandbits(8))
r = random.Random(7); print(r.randrange(0, 100, 5), r.random(), random.Random(7).randrange(0, 100, 5))
print(math.sqrt(16), math.floor(-2.5), math.ceil(2.1), math.gcd(12, 18), math.lcm(4, 6), math.factorial(10), math.comb(5, 2), math.perm(5, 2))
print(math.isclose(0.1 + 0.2, 0.3), math.inf, -math.inf, math.isnan(math.nan), math.log(math.e), math.log2(8), math.log10(1000),)
print(math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), math.hypot(3, 4), math.dist([0, 0], [3, 4]), math.copysign(1, -0.0), math.trunc(-2.7), math.isqrt(17))
print(math.degrees(math.pi), math.radians(180), round(math.sin(math.pi / 6), 12), math.exp(0), math.pow(2, 10), math.modf(2.5), math.frexp(8.0), math.ldexp(0.5, 4))
print(statistics.mean([1, 2, 3, 4]), statistics.median([3, 1, 2]), statistics.mode('aab'), statistics.stdev([1, 2, 3, 4]), statistics.pvariance([1, 2, 3]))
print(math.ulp(1.0), math.nextafter(1.0, 2.0), math.remainder(5, 3), math.fmod(-5, 3), math.erf(0), math.gamma(5), math.lgamma(1))
