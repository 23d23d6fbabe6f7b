# badinput: a deque inside itself prints [...] (RecursionError)
# expect-exit: 0
# expect-stdout: deque([1, [...]])
import collections
q = collections.deque([1])
q.append(q)
print(q)
