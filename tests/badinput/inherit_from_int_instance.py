# badinput: a class whose base is an instance
# expect-exit: 1
# expect-stderr: TypeError: int() takes at most 2 arguments (3 given)
class C(5):
    pass
