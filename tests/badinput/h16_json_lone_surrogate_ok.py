# badinput: json.loads of a lone surrogate escape works as in CPython
# expect-exit: 0
# expect-stdout: 1
import json
print(len(json.loads('"\\ud800"')))
