# badinput: Python misuse: base64 bad len
# expect-exit: 1
# expect-stderr: binascii.Error: Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4
import base64
base64.b64decode("abcde")
