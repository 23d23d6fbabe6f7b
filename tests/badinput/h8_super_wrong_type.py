# badinput: super(B, a) with a not a B
# expect-exit: 1
# expect-stderr: TypeError: super(type, obj): obj must be an instance or subtype of type
class A:
    pass
class B(A):
    pass
super(B, A())
