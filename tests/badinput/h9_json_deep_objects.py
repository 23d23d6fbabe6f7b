# badinput: json.loads of objects nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while decoding a JSON object from a unicode string
import json
json.loads('{"a":' * 100000 + '1' + '}' * 100000)
