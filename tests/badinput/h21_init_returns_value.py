# badinput: __init__ returning a value
# expect-exit: 1
# expect-stderr: TypeError: __init__() should return None, not 'int'
class A:
    def __init__(self): return 1
A()
