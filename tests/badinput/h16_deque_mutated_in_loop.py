# badinput: a deque appended to while a for loop walks it
# expect-exit: 1
# expect-stderr: RuntimeError: deque mutated during iteration
from collections import deque
q = deque([1, 2, 3])
for x in q:
    q.append(x)
