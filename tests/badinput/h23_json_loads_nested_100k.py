# badinput: json.loads of 100000 nested arrays
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string
import torch
import json
json.loads("[" * 100000 + "]" * 100000)
