# badinput: Python misuse: json key tuple
# expect-exit: 1
# expect-stderr: TypeError: keys must be str, int, float, bool or None, not tuple
import json
json.dumps({(1, 2): 3})
