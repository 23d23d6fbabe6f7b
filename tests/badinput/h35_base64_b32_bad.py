# badinput: Python misuse: base64 b32 bad
# expect-exit: 1
# expect-stderr: binascii.Error: Incorrect padding
import base64
base64.b32decode("abc")
