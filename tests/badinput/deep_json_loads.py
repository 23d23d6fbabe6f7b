# badinput: json.loads of 100000 nested brackets
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import json
json.loads("[" * 100000 + "]" * 100000)
