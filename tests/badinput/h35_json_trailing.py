# badinput: Python misuse: json trailing
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 9 (char 8)
import json
json.loads('{"a": 1,}')
