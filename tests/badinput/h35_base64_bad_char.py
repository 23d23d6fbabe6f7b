# badinput: Python misuse: base64 bad char
# expect-exit: 1
# expect-stderr: binascii.Error: Only base64 data is allowed
import base64
base64.b64decode("ab$d", validate=True)
