# badinput: a class with an int base
# expect-exit: 1
# expect-stderr: TypeError: int() takes at most 2 arguments (3 given)
class C(5): pass
