# badinput: json.dumps of a list nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import json
x = []
for i in range(100000):
    x = [x]
json.dumps(x)
