# badinput: instantiating an ABC with two abstract methods
# expect-exit: 1
# expect-stderr: TypeError: Can't instantiate abstract class A without an implementation for abstract methods 'f', 'g'
import abc
class A(abc.ABC):
    @abc.abstractmethod
    def f(self): pass
    @abc.abstractmethod
    def g(self): pass
A()
