# badinput: a user __eq__ clearing a deque during `in` is CPython's RuntimeError (stale answer)
# expect-exit: 1
# expect-stderr: RuntimeError: deque mutated during iteration
import collections
class E:
    def __eq__(self, o):
        q.clear()
        return False
q = collections.deque([E(), E(), E()])
print(0 in q)
