# badinput: a method called with *None (bound methods name their function)
# expect-exit: 1
# expect-stderr: TypeError: __main__.A.m() argument after * must be an iterable, not NoneType
class A:
    def m(self, *a):
        return a
A().m(*None)
