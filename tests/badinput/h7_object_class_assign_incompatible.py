# badinput: assigning an int's __class__ to a user class
# expect-exit: 1
# expect-stderr: TypeError: __class__ assignment only supported for mutable types or ModuleType subclasses
class C: pass
x = 5
x.__class__ = C
