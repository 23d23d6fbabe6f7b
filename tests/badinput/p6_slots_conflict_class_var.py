# badinput: slots conflict class var (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: 'a' in __slots__ conflicts with class variable
class A:
    __slots__ = ('a',)
    a = 1
