# badinput: init subclass raises (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: no subclasses
class B:
    def __init_subclass__(cls): raise TypeError("no subclasses")
class C(B): pass
