# badinput: Python misuse: json dumps circular
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
a = []
a.append(a)
json.dumps(a)
