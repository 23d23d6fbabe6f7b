# badinput: a class keyword that object.__init_subclass__ does not take
# expect-exit: 1
# expect-stderr: TypeError: A.__init_subclass__() takes no keyword arguments
class A(flavor='sweet'):
    pass
