# Multiple inheritance: C3 method resolution order, cooperative super() along it, MRO errors.


class Root:
    def __init__(self, **kw):
        print("Root.__init__", sorted(kw))
        self.trail = ["Root"]

    def name(self):
        return "Root"


class Left(Root):
    def __init__(self, left=0, **kw):
        print("Left.__init__", left)
        super().__init__(**kw)
        self.trail.append("Left")
        self.left = left

    def name(self):
        return "Left>" + super().name()


class Right(Root):
    def __init__(self, right=0, **kw):
        print("Right.__init__", right)
        super().__init__(**kw)
        self.trail.append("Right")
        self.right = right

    def name(self):
        return "Right>" + super().name()


class Bottom(Left, Right):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.trail.append("Bottom")

    def name(self):
        return "Bottom>" + super().name()


b = Bottom(left=1, right=2)
print(b.trail, b.left, b.right)
print(b.name())
print([c.__name__ for c in Bottom.__mro__])
print([c.__name__ for c in Bottom.mro()])
print([c.__name__ for c in Bottom.__bases__], Bottom.__base__.__name__)
print(Left.__bases__, Root.__bases__)
print(super(Left, b).name(), "|", super(Right, b).name(), "|", super(Bottom, b).name())
print(isinstance(b, Right), isinstance(b, (int, Right)), isinstance(3, (str, (float, int))))
print(issubclass(Bottom, Root), issubclass(Left, Right), issubclass(Bottom, (str, Right)))


# The classic C3 example (Python's docs): O, then A B C D E, K1 K2 K3, Z.
class A: pass
class B: pass
class C: pass
class D: pass
class E: pass
class K1(A, B, C): pass
class K2(D, B, E): pass
class K3(D, A): pass
class Z(K1, K2, K3): pass


print([c.__name__ for c in Z.__mro__])
print([c.__name__ for c in K3.mro()])

for bases in [(A, K1), (object, A), (K1, K1), (K2, K3, D)]:
    try:
        X = type("X", bases, {})
        print("ok", [c.__name__ for c in X.__mro__])
    except TypeError as e:
        print("TypeError:", str(e).replace("\n", " "))

try:
    class Bad(A, K1):
        pass
except TypeError as e:
    print("TypeError:", str(e).replace("\n", " "))

try:
    class Dup(A, B, A):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    class Conflict(ValueError, dict):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    super(Left, 3)
except TypeError as e:
    print("TypeError:", e)
