# badinput: class bad base (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: int() takes at most 2 arguments (3 given)
class A(5): pass
