# badinput: a class keyword no __init_subclass__ takes: 'D.__init_subclass__() takes no keyword arguments'
# expect-exit: 1
# expect-stderr: TypeError: D.__init_subclass__() takes no keyword arguments
class Base:
    pass
class D(Base, flavor=1):
    pass
