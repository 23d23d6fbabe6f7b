# badinput: recursion in init
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __init__(self):
        self.a = A()
A()
