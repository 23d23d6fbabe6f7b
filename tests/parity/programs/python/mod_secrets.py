# secrets and SystemRandom: values come from the host's entropy source, so only their types,
# lengths, ranges and alphabets are printed; random.randbytes is the seeded stream's bytes; the
# errors of bad bounds and sizes, compare_digest's rules, and SystemRandom having no state.
import secrets
import random
import string
import os

print(secrets.__all__, secrets.DEFAULT_ENTROPY)
t = secrets.token_bytes()
print(type(t).__name__, len(t), len(secrets.token_bytes(5)), secrets.token_bytes(0))
h = secrets.token_hex(16)
print(len(h), set(h) <= set('0123456789abcdef'), len(secrets.token_hex()))
u = secrets.token_urlsafe(16)
print(len(u), set(u) <= set(string.ascii_letters + string.digits + '-_'), len(secrets.token_urlsafe()))
print(all(0 <= secrets.randbelow(10) < 10 for _ in range(200)), secrets.randbelow(1))
print(all(0 <= secrets.randbits(5) < 32 for _ in range(200)), secrets.randbits(0))
print(secrets.choice('a') == 'a', secrets.choice([1, 2, 3]) in (1, 2, 3))
alphabet = string.ascii_letters + string.digits
pw = ''.join(secrets.choice(alphabet) for i in range(20))
print(len(pw), all(ch in alphabet for ch in pw))
for bad in [lambda: secrets.randbelow(0), lambda: secrets.randbelow(-3), lambda: secrets.token_bytes(-1),
            lambda: secrets.randbits(-1), lambda: secrets.choice([]), lambda: os.urandom(1.5)]:
    try:
        bad()
    except (ValueError, IndexError, TypeError) as e:
        print(type(e).__name__, e)
print(secrets.compare_digest('abc', 'abc'), secrets.compare_digest(b'abc', b'abd'), secrets.compare_digest(b'ab', bytearray(b'ab')))
for a, b in [('a', '\u00e9'), ('a', b'a'), (1, 2)]:
    try:
        secrets.compare_digest(a, b)
    except TypeError as e:
        print('TypeError', e)
sr = random.SystemRandom()
x = sr.random()
print(0.0 <= x < 1.0, type(x).__name__, 1 <= sr.randint(1, 6) <= 6, len(sr.sample(range(100), 5)), len(sr.randbytes(9)))
print(sr.seed(42), isinstance(sr, random.Random), type(secrets.SystemRandom()).__name__)
for bad in [sr.getstate, lambda: sr.setstate(None)]:
    try:
        bad()
    except NotImplementedError as e:
        print('NotImplementedError', e)
print(len(os.urandom(10)), os.urandom(0), type(os.urandom(3)).__name__)
random.seed(5)
print(random.randbytes(7), random.randbytes(0), random.Random(3).randbytes(4))
random.seed(5)
print(random.getrandbits(56).to_bytes(7, 'little'))
