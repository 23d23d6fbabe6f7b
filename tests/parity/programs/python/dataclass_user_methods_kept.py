# dataclass leaves __init__, __repr__ and __eq__ written in the class body in place (CPython's
# _set_new_attribute), keeps its hash rules, and still refuses to overwrite order methods.
import dataclasses
@dataclasses.dataclass
class A:
    x: int = 1
    def __init__(self, v):
        self.x = v * 10
    def __repr__(self):
        return f"A<{self.x}>"
    def __eq__(self, o):
        return True
a = A(2)
print(a, a == A(3), A.__hash__, [f.name for f in dataclasses.fields(A)])
@dataclasses.dataclass(frozen=True)
class B:
    y: int = 0
    def __repr__(self):
        return "B!"
print(B(1), hash(B(1)) == hash(B(1)), B(1) == B(1))
@dataclasses.dataclass(eq=False)
class C:
    z: int = 0
print(C() == C(), C.__hash__ is object.__hash__)
try:
    @dataclasses.dataclass(order=True)
    class D:
        w: int = 0
        def __lt__(self, o):
            return False
except TypeError as e:
    print("TypeError:", e)
