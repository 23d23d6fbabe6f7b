# badinput: instantiating an ABC with an abstract method
# expect-exit: 1
# expect-stderr: TypeError: Can't instantiate abstract class B without an implementation for abstract method 'go'
from abc import ABC, abstractmethod
class B(ABC):
    @abstractmethod
    def go(self): ...
B()
