# badinput: class base not class
# expect-exit: 1
# expect-stderr: TypeError: int() takes at most 2 arguments (3 given)
class A(5): pass
