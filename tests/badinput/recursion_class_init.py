# badinput: __init__ constructs another instance of the class
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __init__(self):
        self.child = C()
C()
