# badinput: json.loads of an object missing ':'
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting ':' delimiter: line 1 column 6 (char 5)
import json
json.loads('{"a" 1}')
