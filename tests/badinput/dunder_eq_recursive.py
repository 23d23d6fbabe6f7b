# badinput: dunder eq recursive (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class E:
    def __eq__(self, o): return self == o
E() == E()
