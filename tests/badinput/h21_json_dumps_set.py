# badinput: json.dumps of a set
# expect-exit: 1
# expect-stderr: TypeError: Object of type set is not JSON serializable
import json
json.dumps({1,2})
