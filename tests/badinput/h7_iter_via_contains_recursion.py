# badinput: __contains__ undefined, __iter__ checks `in self`
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __iter__(self):
        if 1 in self: yield 1
        yield 2
1 in C()
