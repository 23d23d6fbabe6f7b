# badinput: __init__ constructing another instance without end
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __init__(self):
        A()
A()
