# badinput: __class__ assigned to an incompatible type
# expect-exit: 1
# expect-stderr: TypeError: __class__ assignment only supported for mutable types or ModuleType subclasses
class A:
    pass
a = A()
a.__class__ = int
