# badinput: Python misuse: slots conflict
# expect-exit: 1
# expect-stderr: ValueError: 'x' in __slots__ conflicts with class variable
class C:
    __slots__ = ("x",)
    x = 1
