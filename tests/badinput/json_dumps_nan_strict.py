# badinput: json dumps nan strict (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Out of range float values are not JSON compliant
import json
json.dumps(float('nan'), allow_nan=False)
