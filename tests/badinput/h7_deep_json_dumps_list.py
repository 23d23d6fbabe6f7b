# badinput: json.dumps of a list nested 100,000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while encoding a JSON object
import json
x = []
for i in range(100000):
    x = [x]
json.dumps(x)
