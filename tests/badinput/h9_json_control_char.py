# badinput: json.loads of a string holding a raw newline
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Invalid control character at: line 1 column 3 (char 2)
import json
json.loads('"a\nb"')
