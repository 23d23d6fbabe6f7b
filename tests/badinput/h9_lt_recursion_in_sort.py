# badinput: __lt__ sorts through itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __lt__(self, other):
        return sorted([other, self]) and True
sorted([A(), A()])
