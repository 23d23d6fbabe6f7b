# abc: abstract methods block instantiation until overridden, ABC/ABCMeta, register, __subclasshook__.
from abc import ABC, ABCMeta, abstractmethod

class Shape(ABC):
    @abstractmethod
    def area(self):
        pass

    @abstractmethod
    def name(self):
        return 'shape'

    def describe(self):
        return f'{self.name()} with area {self.area()}'

class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s
    def name(self):
        return 'square:' + super().name()

class Half(Shape):
    def area(self):
        return 0

print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), len(Square.__abstractmethods__))
print(Square(3).describe(), isinstance(Square(2), Shape), issubclass(Square, ABC))
for cls in [Shape, Half]:
    try:
        cls()
    except TypeError as e:
        print('TypeError', e)

class Base(metaclass=ABCMeta):
    @property
    @abstractmethod
    def value(self):
        ...

    @classmethod
    def make(cls):
        return cls()

class Impl(Base):
    @property
    def value(self):
        return 42

print(Impl.make().value, type(Base).__name__, list(Base.__abstractmethods__))
try:
    Base.make()
except TypeError as e:
    print('TypeError', e)

class Drawable(ABC):
    pass

class Circle:
    pass

Drawable.register(Circle)
print(isinstance(Circle(), Drawable), issubclass(Circle, Drawable), isinstance(1, Drawable))
print(Drawable.register(int) is int, isinstance(5, Drawable))

class Sized2(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized2:
            return any('__len__' in B.__dict__ for B in C.__mro__)
        return NotImplemented

class HasLen:
    def __len__(self):
        return 0

print(isinstance(HasLen(), Sized2), isinstance(Circle(), Sized2), issubclass(HasLen, Sized2))
