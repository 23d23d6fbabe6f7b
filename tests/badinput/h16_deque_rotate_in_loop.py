# badinput: deque.rotate inside a loop over the deque
# expect-exit: 1
# expect-stderr: RuntimeError: deque mutated during iteration
from collections import deque
q = deque(range(5))
for x in q:
    q.rotate(1)
