# badinput: json loads huge number exp (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 4 (char 3)
# expect-stdout: -inf
import json
print(json.loads('1e400'))
print(json.loads('-1e400'))
json.loads('[1,]')
