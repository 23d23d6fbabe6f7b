# Sets of user objects with __hash__/__eq__, and unhashable classes.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        return isinstance(other, Point) and self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return "Point(%d, %d)" % (self.x, self.y)


class Key:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return self.k % 3

    def __eq__(self, other):
        print("eq", self.k, other.k)
        return self.k == other.k

    def __repr__(self):
        return "Key(" + str(self.k) + ")"


class NoHash:
    def __eq__(self, other):
        return True


class Plain:
    pass


pts = {Point(1, 2), Point(1, 2), Point(3, 4)}
print(len(pts), Point(3, 4) in pts, Point(0, 0) in pts)
print(sorted(pts, key=lambda p: (p.x, p.y)))
ks = set()
for i in [1, 4, 2, 7]:
    ks.add(Key(i))
print(len(ks))
print(Key(4) in ks)
ks.discard(Key(7))
print(len(ks))
try:
    {NoHash()}
except TypeError as e:
    print("TypeError:", e)
a = Plain()
b = Plain()
s = {a, b, a}
print(len(s), a in s, Plain() in s)
print(hash(Point(1, 2)) == hash((1, 2)), hash(Key(5)))
print({Key(3)} == {Key(3)})
t = {(Point(0, 1), 2)}
print((Point(0, 1), 2) in t)
