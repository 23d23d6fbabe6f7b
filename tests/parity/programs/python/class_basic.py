# Class attributes vs instance attributes, methods, mutation.
class Dog:
    species = "canis"
    count = 0
    tricks_shared = []
    def __init__(self, name):
        self.name = name
        self.tricks = []
        Dog.count += 1
    def add_trick(self, t):
        self.tricks.append(t)
        self.tricks_shared.append(t)
        return self
    def describe(self):
        return self.name + " (" + self.species + ") knows " + str(self.tricks)
a = Dog("Rex")
b = Dog("Fido")
a.add_trick("sit").add_trick("roll")
b.add_trick("fetch")
print(a.describe())
print(b.describe())
print(Dog.count, a.count, b.count)
print(Dog.tricks_shared)
a.species = "wolf"
print(a.species, b.species, Dog.species)
Dog.species = "dog"
print(a.species, b.species, Dog.species)
del a.species
print(a.species)
print(type(a).__name__, type(a) is Dog, isinstance(a, Dog), isinstance(a, object))
m = a.describe
print(m())
print(Dog.describe(b))
class Empty:
    pass
e = Empty()
e.x = 1
e.y = [e.x, 2]
print(e.x, e.y, hasattr(e, 'x'), hasattr(e, 'z'))
class Point:
    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
    def dist2(self, other):
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2
p = Point(1, 2)
q = p.moved(3, 4)
print(p.x, p.y, q.x, q.y, p.dist2(q), Point().x)
