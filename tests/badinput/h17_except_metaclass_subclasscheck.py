# badinput: except naming a class that is no exception (its metaclass's __subclasscheck__ is never asked)
# expect-exit: 1
# expect-stderr: TypeError: catching classes that do not inherit from BaseException is not allowed
class M(type):
    def __subclasscheck__(cls, sub):
        raise KeyError("sub")
class K(metaclass=M): pass
try:
    raise ValueError("x")
except K:
    pass
