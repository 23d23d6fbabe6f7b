# badinput: json.loads of an invalid \\x escape
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Invalid \escape: line 1 column 2 (char 1)
import json
json.loads('"\\x41"')
