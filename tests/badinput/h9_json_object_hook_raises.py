# badinput: json.loads with an object_hook that raises
# expect-exit: 1
# expect-stderr: KeyError: 'hook'
import json
def hook(d):
    raise KeyError('hook')
json.loads('{"a": {"b": 1}}', object_hook=hook)
