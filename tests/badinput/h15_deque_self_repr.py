# badinput: a deque holding itself prints as deque([[...]])
# expect-exit: 0
# expect-stdout: deque([[...]])
import collections
d = collections.deque()
d.append(d)
print(repr(d))
