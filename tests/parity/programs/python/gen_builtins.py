# Generators wherever an iterator is accepted: builtins, unpacking, star-args, in, str.join.
def nums(n):
    for k in range(1, n + 1):
        yield k


def words():
    yield "alpha"
    yield "beta"
    yield "gamma"


print(list(nums(4)), tuple(nums(3)))
print(sum(nums(10)), sum(nums(3), 100))
print(min(nums(5)), max(nums(5)), max(words(), key=len))
print(sorted(words(), reverse=True), sorted(x % 3 for x in nums(7)))
print(any(k > 3 for k in nums(4)), all(k > 0 for k in nums(4)), any(nums(0)), all(nums(0)))
print(dict((w, len(w)) for w in words()))
print(dict(zip(words(), nums(3))))
print("-".join(words()), "".join(w[0] for w in words()))
print(list(zip(nums(5), words())))
print(list(enumerate(words(), 1)))
print(list(map(lambda a, b: a * b, nums(3), nums(3))))
print(list(filter(lambda k: k % 2, nums(6))))
print(list(reversed(list(nums(3)))))
first, second, third = words()
print(first, second, third)
head, *rest = nums(4)
print(head, rest)
*init, last = nums(4)
print(init, last)


def show(*args):
    return len(args), args


print(show(*nums(3)), show(0, *words(), 9))
print([*nums(2), *words()], (*nums(2),))
print(3 in nums(5), 7 in nums(5), "beta" in words(), "zeta" not in words())
it = nums(5)
print(2 in it, list(it))
print(next(nums(3)), next(iter(words())))
empty = nums(0)
print(next(empty, "default"), next(empty, None))
g = nums(3)
print(iter(g) is g, list(iter(g)))
print(list(list(nums(k)) for k in range(4)))
print(sum(sum(nums(k)) for k in range(5)))
total = 0
for k in nums(4):
    for j in nums(k):
        total += j
print(total)
print(sorted(nums(5), key=lambda v: -v))
print(len(list(nums(50))), sum(1 for _ in nums(50)))
print(str(list(words())), repr(tuple(w.upper() for w in words())))
print(max((len(w), w) for w in words()), min(nums(3), default=0), min(nums(0), default=-1))
