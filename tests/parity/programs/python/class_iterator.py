# Iterator classes: __iter__ + __next__ raising StopIteration; iter() and next().
class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(5)))
for n in Countdown(3):
    print("tick", n)
class Squares:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return SquaresIter(self.n)
class SquaresIter:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration()
        v = self.i * self.i
        self.i += 1
        return v
sq = Squares(4)
print(list(sq), list(sq), sum(sq), max(sq), sorted(sq, reverse=True))
print([a + b for a, b in zip(Squares(3), Countdown(3))])
print(dict(enumerate(Squares(3))), tuple(Squares(2)))
it = iter([10, 20, 30])
print(next(it), next(it), next(it), next(it, 'done'), next(it, None))
try:
    next(it)
except StopIteration as e:
    print("StopIteration caught", repr(e), e.args)
it2 = iter(Countdown(2))
print(next(it2), next(it2), next(it2, -1))
s = iter("ab")
print(next(s), next(s), next(s, "end"))
d = iter({'x': 1, 'y': 2})
print(next(d), next(d))
r = iter(range(100, 103))
for v in r:
    print("range item", v)
    if v == 101:
        break
print("rest", list(r))
shared = iter([1, 2, 3, 4, 5, 6])
print(list(zip(shared, shared)))
