# badinput: a property getter reads itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    @property
    def p(self):
        return self.p
C().p
