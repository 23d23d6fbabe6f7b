# badinput: __setattr__ assigning through setattr on self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __setattr__(self, k, v):
        setattr(self, k, v)
A().x = 1
