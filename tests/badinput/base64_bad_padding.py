# badinput: base64 bad padding (issue 31 sweep)
# expect-exit: 1
# expect-stderr: binascii.Error: Incorrect padding
import base64
base64.b64decode('abc')
