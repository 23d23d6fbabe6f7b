# badinput: json.loads of 1e400 is inf
# expect-exit: 0
# expect-stdout: [inf, -inf]
import json
print(json.loads('[1e400, -1e400]'))
