# The dict's hash table (an open-addressing index over insertion-ordered entries): order after
# deletions and re-insertions, growth and shrinking, keys whose hashes collide (equal low bits, equal
# hashes, hash -1), equal keys of different types, and user __hash__/__eq__ that raise
# or change the dict while it is being searched.

d = {}
for i in range(200):
    d[i * 1024] = i  # equal low bits: the probe sequence must use the high bits too
for i in range(0, 200, 3):
    del d[i * 1024]
for i in range(0, 60, 4):
    d[i * 1024] = -i
print(len(d), list(d.items())[:8], list(d)[-5:])
print(sum(d.values()), all(d[k] == (-(k // 1024) if (k // 1024) % 4 == 0 and k < 60 * 1024 else k // 1024) for k in d))

# churn: insert/delete cycles keep the order and find every key
q = {}
for step in range(3000):
    q["k%d" % step] = step
    if step >= 20:
        del q["k%d" % (step - 20)]
print(len(q), list(q)[:3], q.get("k2999"), q.get("k2979"), "k2980" in q, "k2979" in q)
q.clear()
q.update({"a": 1, "b": 2})
print(q, q.popitem(), q)


class Same:
    # every instance hashes alike: one long probe chain
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 7

    def __eq__(self, other):
        return isinstance(other, Same) and self.n == other.n

    def __repr__(self):
        return "S%d" % self.n


s = {Same(i): i for i in range(40)}
for i in range(0, 40, 2):
    del s[Same(i)]
print(len(s), s[Same(39)], Same(38) in s, list(s)[:4])

print({-1: 'a', -2: 'b'}, hash(-1) == hash(-2), {1: 'int', 1.0: 'float', True: 'bool'})


class BadHash:
    def __hash__(self):
        raise ValueError("no hash")


try:
    d[BadHash()] = 1
except ValueError as e:
    print("ValueError", e, len(d))


class Mutator:
    # __eq__ changes the dict the first time it is called: the search starts again
    def __init__(self, target, n):
        self.target, self.n, self.done = target, n, False

    def __hash__(self):
        return 12345

    def __eq__(self, other):
        if not self.done:
            self.done = True
            self.target["added"] = 1
        return isinstance(other, Mutator) and other.n == self.n


m = {}
a = Mutator(m, 1)
m[a] = "first"
b = Mutator(m, 1)
print(m.get(b), len(m), list(m.values()))
m[Mutator(m, 2)] = "second"
print(len(m), sorted(str(v) for v in m.values()))


class Clearer:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        c.clear()
        return False


c = {}
c[Clearer()] = 1
print(c.get(Clearer()), len(c))

it = {1: 1, 2: 2}
try:
    for k in it:
        it[k + 10] = 0
except RuntimeError as e:
    print("RuntimeError", e)
try:
    for k in it:
        del it[k]
except RuntimeError as e:
    print("RuntimeError", e)
big = {i: i for i in range(5000)}
for i in range(4990):
    del big[i]
print(big, {i: i for i in range(10)} == {i: i for i in reversed(range(10))})
