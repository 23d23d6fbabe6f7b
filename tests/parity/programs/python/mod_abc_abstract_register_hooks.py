# abc: abstract methods and abstract properties (__abstractmethods__ as a frozenset), CPython's
# instantiation errors, register(), __subclasshook__, static/class abstract methods, and the
# collections.abc checks on built-ins (list is not Hashable) and on a user Mapping's mixin methods.
from abc import ABC, abstractmethod, ABCMeta, abstractproperty
import abc
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @property
    @abstractmethod
    def name(self): ...
    def describe(self):
        return f'{self.name}: {self.area():.2f}'
class Sq(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
    @property
    def name(self):
        return 'square'
print(Sq(2).describe(), isinstance(Sq(1), Shape), Shape.__abstractmethods__ == frozenset({'area', 'name'}))
try:
    Shape()
except TypeError as e:
    print('TypeError', e)
class Half(Shape):
    def area(self):
        return 1
try:
    Half()
except TypeError as e:
    print('TypeError', e)
class Reg(ABC):
    pass
Reg.register(int)
print(isinstance(3, Reg), issubclass(int, Reg), issubclass(str, Reg))
class Hook(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if hasattr(C, 'quack'):
            return True
        return NotImplemented
class Duck:
    def quack(self):
        pass
print(isinstance(Duck(), Hook), isinstance(1, Hook))
class M(metaclass=ABCMeta):
    @abstractmethod
    def f(self): pass
    @staticmethod
    @abstractmethod
    def g(): pass
    @classmethod
    @abstractmethod
    def h(cls): pass
print(sorted(M.__abstractmethods__), abc.get_cache_token() is not None, type(M).__name__)
from collections.abc import Iterable, Sized, Mapping, Sequence, Callable, MutableMapping, Iterator, Generator, Hashable
print(isinstance([], Iterable), isinstance({}, Mapping), isinstance('s', Sequence), isinstance(len, Callable), isinstance(iter([]), Iterator))
print(isinstance((x for x in []), Generator), isinstance([], Hashable), isinstance((), Hashable), issubclass(dict, MutableMapping), isinstance(3, Sized))
class MyMap(Mapping):
    def __init__(self, d):
        self._d = d
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
mm = MyMap({'a': 1, 'b': 2})
print(dict(mm), mm.get('z', 0), 'a' in mm, list(mm.keys()), list(mm.items()), mm == {'a': 1, 'b': 2}, len(mm))
