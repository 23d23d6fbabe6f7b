# badinput: __delattr__ deletes through itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __delattr__(self, name):
        del self.name
a = A()
del a.x
