# badinput: json.dumps default= that returns its argument
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
json.dumps(object(), default=lambda o: o)
