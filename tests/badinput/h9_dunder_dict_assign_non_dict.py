# badinput: __dict__ assigned a list
# expect-exit: 1
# expect-stderr: TypeError: __dict__ must be set to a dictionary, not a 'list'
class A:
    pass
a = A()
a.__dict__ = []
