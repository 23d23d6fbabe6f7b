# badinput: json loads bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 7 (char 6)
import json
json.loads('{"a": }')
