# badinput: json dumps set (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: Object of type set is not JSON serializable
import json
json.dumps({1, 2})
