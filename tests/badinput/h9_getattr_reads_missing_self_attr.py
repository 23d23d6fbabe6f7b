# badinput: __getattr__ reads an attribute that is never set
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __getattr__(self, name):
        return self.data[name]
A().foo
