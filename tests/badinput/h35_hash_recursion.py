# badinput: Python misuse: hash recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __hash__(self):
        return hash(self)
{C(): 1}
