# badinput: Python misuse: json dumps obj
# expect-exit: 1
# expect-stderr: TypeError: Object of type object is not JSON serializable
import json
json.dumps(object())
