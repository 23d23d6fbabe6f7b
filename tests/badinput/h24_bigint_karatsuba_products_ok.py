# badinput: products of 10..70000-bit ints (Karatsuba above 40 limbs, lopsided splits), checked
# against identities and CPython's digest of the same random products
# expect-exit: 0
# expect-stdout: 502467240835595372 True True 878110356 3381
import random
random.seed(5)
acc = 0
for i in range(300):
    a = random.getrandbits(random.choice([10, 64, 1000, 1300, 5000, 20000, 70000]))
    b = random.getrandbits(random.choice([10, 64, 1000, 1300, 5000, 20000, 70000]))
    if random.random() < 0.3:
        a = -a
    p = a * b
    acc = (acc * 1000003 + p % 1000000007 + (p >> 777) % 998244353 + p.bit_length()) % (2**61 - 1)
x = 10 ** 20000
print(acc, x * x == 10 ** 40000, (x - 1) * (x + 1) == x * x - 1, (3 ** 50000) % 1000000007, len(str(7 ** 4000)))
