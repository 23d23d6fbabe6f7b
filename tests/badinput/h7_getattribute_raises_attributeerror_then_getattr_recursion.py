# badinput: __getattribute__ raises so __getattr__ runs, which reads another attribute
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class R:
    def __getattribute__(self, name):
        raise AttributeError(name)
    def __getattr__(self, name):
        return self.other
R().x
