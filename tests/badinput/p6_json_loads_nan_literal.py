# badinput: json loads nan literal (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
# expect-stdout: nan
import json
print(json.loads('NaN'))
json.loads('nan')
