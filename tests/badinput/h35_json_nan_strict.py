# badinput: Python misuse: json nan strict
# expect-exit: 1
# expect-stderr: ValueError: Out of range float values are not JSON compliant: nan
import json
print(json.dumps(float('nan'), allow_nan=False))
