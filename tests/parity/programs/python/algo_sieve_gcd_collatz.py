# Sieve of Eratosthenes, gcd (Euclid), Collatz sequences.
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= n:
        if is_prime[p]:
            for m in range(p * p, n + 1, p):
                is_prime[m] = False
        p += 1
    return [i for i, flag in enumerate(is_prime) if flag]
primes = sieve(100)
print(len(primes), primes)
print(sum(sieve(1000)), sieve(1), sieve(2))
def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)
def lcm(a, b):
    return a * b // gcd(a, b)
for a, b in [(48, 18), (17, 5), (0, 9), (-12, 8), (100, 75)]:
    print("gcd", a, b, "=", gcd(a, b), "lcm", lcm(a, b) if a and b else None)
def collatz(n):
    steps = [n]
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps.append(n)
    return steps
print(collatz(6))
print(len(collatz(27)), max(collatz(27)))
best = max(range(1, 1000), key=lambda k: len(collatz(k)))
print("longest below 1000:", best, len(collatz(best)))
def factorize(n):
    out = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return out
for v in [2, 12, 97, 360, 1001, 2 ** 31 - 1]:
    print(v, factorize(v))
