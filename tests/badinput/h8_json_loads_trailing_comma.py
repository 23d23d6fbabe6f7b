# badinput: json trailing comma
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 7 (char 6)
import json
json.loads('[1, 2,]')
