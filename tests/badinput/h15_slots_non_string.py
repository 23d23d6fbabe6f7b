# badinput: __slots__ holding an int: '__slots__ items must be strings, not 'int''
# expect-exit: 1
# expect-stderr: TypeError: __slots__ items must be strings, not 'int'
class C:
    __slots__ = (1,)
