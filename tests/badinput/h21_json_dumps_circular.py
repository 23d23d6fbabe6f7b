# badinput: json.dumps of a self-containing list
# expect-exit: 1
# expect-stderr: ValueError: Circular reference detected
import json
a=[]
a.append(a)
json.dumps(a)
