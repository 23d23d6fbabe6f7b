# badinput: json.dumps of a dict containing itself
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
d = {}
d["d"] = d
json.dumps(d)
