# badinput: json dumps circular (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
a = []; a.append(a)
json.dumps(a)
