# badinput: a metaclass whose __new__ returns an int
# expect-exit: 0
# expect-stdout: 5
class M(type):
    def __new__(mcls, name, bases, ns): return 5
class C(metaclass=M): pass
print(C)
