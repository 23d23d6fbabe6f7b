# badinput: a __prepare__ namespace raising on a store
# expect-exit: 1
# expect-stderr: TypeError: duplicate 'x'
class NoDup(dict):
    def __setitem__(self, k, v):
        if k in self:
            raise TypeError(f'duplicate {k!r}')
        super().__setitem__(k, v)
class M(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return NoDup()
class A(metaclass=M):
    x = 1
    x = 2
