# badinput: a method defined without self
# expect-exit: 1
# expect-stderr: TypeError: A.f() takes 0 positional arguments but 1 was given
class A:
    def f():
        pass
A().f()
