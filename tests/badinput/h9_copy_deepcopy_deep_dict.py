# badinput: copy.deepcopy of dicts nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import copy
d = {}
cur = d
for _ in range(100000):
    cur['a'] = {}
    cur = cur['a']
copy.deepcopy(d)
