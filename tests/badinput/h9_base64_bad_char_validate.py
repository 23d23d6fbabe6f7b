# badinput: base64.b64decode of a bad character with validate=True
# expect-exit: 1
# expect-stderr: binascii.Error: Only base64 data is allowed
import base64
base64.b64decode('ab$=', validate=True)
