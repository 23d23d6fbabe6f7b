# badinput: instantiating an ABC with two abstract methods
# expect-exit: 1
# expect-stderr: TypeError: Can't instantiate abstract class B without an implementation for abstract methods 'f', 'g'
from abc import ABC, abstractmethod
class B(ABC):
    @abstractmethod
    def f(self): pass
    @abstractmethod
    def g(self): pass
B()
