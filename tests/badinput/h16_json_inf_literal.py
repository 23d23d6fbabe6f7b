# badinput: json.loads('1e999999') is inf; dumps refuses it with allow_nan=False
# expect-exit: 1
# expect-stderr: ValueError: Out of range float values are not JSON compliant: inf
# expect-stdout: inf
import json
x = json.loads("1e999999")
print(x)
json.dumps(x, allow_nan=False)
