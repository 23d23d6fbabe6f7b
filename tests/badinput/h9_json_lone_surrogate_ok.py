# badinput: json round trip of a lone surrogate escape
# expect-exit: 0
# expect-stdout: 1 "\ud800"
import json
s = json.loads('"\\ud800"')
print(len(s), json.dumps(s))
