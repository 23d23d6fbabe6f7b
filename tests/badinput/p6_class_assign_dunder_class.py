# badinput: class assign dunder class (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __class__ assignment only supported for mutable types or ModuleType subclasses
class A:
    pass
a = A()
a.__class__ = int
