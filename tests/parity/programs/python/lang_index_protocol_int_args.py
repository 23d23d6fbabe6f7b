# Objects with __index__ stand for ints wherever CPython converts an integer argument through
# PyNumber_Index: chr, math.factorial/comb/perm/gcd/isqrt, str.zfill/ljust/center, round's ndigits,
# int.to_bytes, str.split's maxsplit, itertools.islice/repeat/combinations, and sequence repetition
# from either side. A 0-d integer tensor is the everyday case (`chr(max(32, token))` in text-decoding
# helpers, `[pad] * n`); a plain class stands for it here. Objects without __index__ keep CPython's errors.
import itertools, math


class Idx:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n


class NoIdx:
    pass


five = Idx(5)
print(chr(Idx(97)), chr(max(32, Idx(33).n)))
print(math.factorial(five), math.comb(five, 2), math.perm(five, 2), math.gcd(five, 10), math.isqrt(Idx(17)))
print("7".zfill(five), repr("a".ljust(five)), repr("a".center(five)), round(1.23456, Idx(2)))
print((5).to_bytes(Idx(2), "little"), "a b c d e f g".split(" ", Idx(2)))
print(list(itertools.islice(range(10), five)), list(itertools.islice(range(10), Idx(2), Idx(8), Idx(3))))
print(list(itertools.repeat("x", Idx(3))), len(list(itertools.combinations(range(6), Idx(2)))))
print([0] * Idx(3), Idx(2) * [1, 2], "ab" * Idx(2), Idx(2) * ("t",))
acc = ["p"]
acc *= Idx(3)
print(acc)
for bad in (lambda: chr(NoIdx()), lambda: math.factorial(NoIdx()), lambda: [1] * NoIdx(), lambda: NoIdx() * "s",
            lambda: list(itertools.islice(range(3), NoIdx())), lambda: chr(1.5)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
