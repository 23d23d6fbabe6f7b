# badinput: json.loads with trailing data
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Extra data: line 1 column 5 (char 4)
import json
json.loads('[1] x')
