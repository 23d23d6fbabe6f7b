# badinput: json.dumps of dicts nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while encoding a JSON object
import json
d = {}
cur = d
for _ in range(100000):
    cur['a'] = {}
    cur = cur['a']
json.dumps(d)
