# badinput: Python misuse: getattr recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __getattr__(self, n):
        return self.__getattr__(n)
C().x
