# badinput: json.loads of an int
# expect-exit: 1
# expect-stderr: TypeError: the JSON object must be str, bytes or bytearray, not int
import json
json.loads(123)
