# badinput: class init returns value
# expect-exit: 1
# expect-stderr: TypeError: __init__() should return None, not 'int'
class A:
    def __init__(self):
        return 5
A()
