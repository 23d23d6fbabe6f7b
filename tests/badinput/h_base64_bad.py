# badinput: base64 bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: binascii.Error: Invalid base64-encoded string: number of data characters (1) cannot be 1 more than a multiple of 4
import base64
base64.b64decode("a")
