# badinput: a deque appended to while iterated: 'deque mutated during iteration'
# expect-exit: 1
# expect-stderr: RuntimeError: deque mutated during iteration
import collections
d = collections.deque([1, 2, 3])
for x in d:
    d.append(x)
