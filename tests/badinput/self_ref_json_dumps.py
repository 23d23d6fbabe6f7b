# badinput: self ref json dumps (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
l = []
l.append(l)
print(json.dumps(l))
