# badinput: a json default= function that raises
# expect-exit: 1
# expect-stderr: ValueError: no set
import json
def bad(o):
    raise ValueError("no " + type(o).__name__)
json.dumps({"a": {1, 2}}, default=bad)
