# badinput: json.loads of an unterminated string
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Unterminated string starting at: line 1 column 1 (char 0)
import json
json.loads('"abc')
