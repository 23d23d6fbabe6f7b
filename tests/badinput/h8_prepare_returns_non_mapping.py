# badinput: __prepare__ returning an int
# expect-exit: 1
# expect-stderr: TypeError: M.__prepare__() must return a mapping, not int
class M(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return 5
class A(metaclass=M):
    x = 1
