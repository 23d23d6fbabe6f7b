# badinput: 'in' over a class that is not iterable
# expect-exit: 1
# expect-stderr: TypeError: argument of type 'type' is not iterable
class A:
    pass
1 in A
