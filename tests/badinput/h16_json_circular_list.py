# badinput: json.dumps of a list containing itself
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
l = []
l.append(l)
json.dumps(l)
