# badinput: json.loads of bad JSON
# expect-exit: 1
# expect-stderr: json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
import json
json.loads('{a: 1}')
