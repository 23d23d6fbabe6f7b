# badinput: Python misuse: json deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string
import json
json.loads("[" * 100000 + "]" * 100000)
