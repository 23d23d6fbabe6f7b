# badinput: collections deque maxlen negative
# expect-exit: 1
# expect-stderr: ValueError: maxlen must be non-negative
import collections
collections.deque([], -1)
