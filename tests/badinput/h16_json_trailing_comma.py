# badinput: json.loads('[1,2,]')
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting value: line 1 column 6 (char 5)
import json
json.loads("[1,2,]")
