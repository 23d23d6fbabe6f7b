# badinput: super().__init__ with args to object
# expect-exit: 1
# expect-stderr: TypeError: object.__init__() takes exactly one argument (the instance to initialize)
class P:
    def __init__(self, x):
        super().__init__(x)
P(1)
