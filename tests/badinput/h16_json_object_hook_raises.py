# badinput: a json object_hook that raises
# expect-exit: 1
# expect-stderr: KeyError: 'missing'
import json
json.loads('{"a": 1}', object_hook=lambda d: d["missing"])
