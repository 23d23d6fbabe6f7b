# badinput: a set add where __hash__ calls hash of a set containing self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class H:
    def __hash__(self): return hash(frozenset([self]))
{H()}
