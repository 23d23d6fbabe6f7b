# badinput: Python misuse: init returns
# expect-exit: 1
# expect-stderr: TypeError: __init__() should return None, not 'int'
class C:
    def __init__(self):
        return 1
C()
