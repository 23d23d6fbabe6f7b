# badinput: deque rotate in iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: deque mutated during iteration
import collections
d = collections.deque([1, 2, 3])
for x in d:
    d.rotate(1)
