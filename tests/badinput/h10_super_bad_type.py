# badinput: super bad type
# expect-exit: 1
# expect-stderr: TypeError: super(type, obj): obj must be an instance or subtype of type
class A:
    def f(self):
        return super(int, self).f()
A().f()
