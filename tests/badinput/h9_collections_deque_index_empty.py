# badinput: deque index on an empty deque
# expect-exit: 1
# expect-stderr: IndexError: deque index out of range
from collections import deque
deque()[0]
