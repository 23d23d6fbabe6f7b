# badinput: instantiating an abstract class
# expect-exit: 1
# expect-stderr: TypeError: Can't instantiate abstract class A without an implementation for abstract method 'f'
from abc import ABC, abstractmethod
class A(ABC):
    @abstractmethod
    def f(self):
        pass
A()
