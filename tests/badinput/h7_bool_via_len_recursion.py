# badinput: __len__ calls bool(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class B:
    def __len__(self): return int(bool(self))
bool(B())
