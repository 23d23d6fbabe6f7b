# random: CPython's exact Mersenne Twister streams for int and str seeds, getrandbits, randint,
# randrange, choice, shuffle, getstate/setstate and independent Random instances.
import random

random.seed(0)
print([random.random() for _ in range(3)])
random.seed(42)
print(random.random(), random.randint(1, 10), random.randrange(100), random.randrange(5, 50, 5))
print([random.getrandbits(k) for k in [1, 8, 16, 31, 32, 33, 63]])
random.seed(12345678901234)
print(random.random(), random.getrandbits(20))
random.seed(-7)
print(random.random())
random.seed('hello')
print(random.random(), random.randint(0, 1000))
random.seed('')
print(random.random())
random.seed('a longer seed string with spaces, punctuation; and more than sixty-four bytes in it!!')
print(random.random())
random.seed(1.5)
print(random.random())
random.seed(True)
print(random.random())

random.seed(2024)
deck = list(range(20))
random.shuffle(deck)
print(deck)
print([random.choice('abcdefg') for _ in range(10)])
print([random.randint(-3, 3) for _ in range(15)])
print([random.randrange(10, 0, -3) for _ in range(8)])
print([random.randrange(1 << 40) for _ in range(3)])

state = random.getstate()
a = [random.random() for _ in range(3)]
random.setstate(state)
b = [random.random() for _ in range(3)]
print(a == b, state[0], len(state[1]), state[2])

r1 = random.Random(7)
r2 = random.Random(7)
r3 = random.Random('7')
print(r1.random() == r2.random(), r1.randint(0, 99), r2.randint(0, 99), r3.random())
r1.seed(99)
print(r1.uniform(2, 4), r1.triangular(0, 10, 3), r1.triangular())

class Fixed(random.Random):
    def random(self):
        return 0.5
print(Fixed(1).uniform(0, 10), Fixed(1).choices('abc', k=3))

for f in [lambda: random.choice([]), lambda: random.randrange(0), lambda: random.randrange(5, 5),
          lambda: random.randrange(1, 10, 0), lambda: random.randrange(2.5), lambda: random.getrandbits(-1),
          lambda: random.seed([1, 2]), lambda: random.randint(1, 0), lambda: random.setstate((2, (), None))]:
    try:
        f()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
