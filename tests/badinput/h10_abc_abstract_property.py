# badinput: abc abstract property
# expect-exit: 1
# expect-stderr: TypeError: Can't instantiate abstract class A without an implementation for abstract method 'p'
import abc
class A(abc.ABC):
    @property
    @abc.abstractmethod
    def p(self): ...
A()
