# badinput: raising a class whose __init__ needs arguments
# expect-exit: 1
# expect-stderr: TypeError: E.__init__() missing 2 required positional arguments: 'a' and 'b'
class E(Exception):
    def __init__(self, a, b):
        super().__init__(a, b)
raise E
