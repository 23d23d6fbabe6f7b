# badinput: method called on the class
# expect-exit: 1
# expect-stderr: TypeError: A.f() missing 1 required positional argument: 'x'
class A:
    def f(self, x):
        return x
A.f(3)
