# badinput: super(A, 1): 'super(type, obj): obj must be an instance or subtype of type'
# expect-exit: 1
# expect-stderr: TypeError: super(type, obj): obj must be an instance or subtype of type
class A:
    def f(self):
        return super(A, 1).f()
A().f()
