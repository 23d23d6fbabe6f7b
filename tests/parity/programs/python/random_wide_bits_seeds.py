# random past 64 bits, as CPython draws them: getrandbits(k) of any k (32-bit words, least
# significant first), randrange/randint bounds and int seeds of any size.
import random

random.seed(12345)
print(random.getrandbits(70), random.getrandbits(64), random.getrandbits(128), random.getrandbits(33))
print(random.randrange(2**100), random.randint(-2**80, 2**80), random.randrange(10**30, 10**31, 7))
random.seed(2**100 + 12345)
print(random.random(), random.getrandbits(8))
random.seed(-(2**70))
print(random.random())
r = random.Random(10**40)
print(r.randint(1, 6), r.getrandbits(200), r.choice([2**70, 2**71, 2**72]))
print(random.Random(2**64).random(), random.Random(2**64 - 1).random(), random.Random(2**32).random())
print(len(bin(random.getrandbits(1000))) - 2 <= 1000, random.getrandbits(0))
