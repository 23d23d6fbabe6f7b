# badinput: json dumps deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while encoding a JSON object
import json
a = []
x = a
for i in range(100000):
    x.append([]); x = x[0]
json.dumps(a)
