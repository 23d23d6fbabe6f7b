# badinput: json.loads of an empty string
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
import json
json.loads('')
