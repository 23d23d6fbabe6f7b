# badinput: Python misuse: base64 str unicode
# expect-exit: 1
# expect-stderr: TypeError: a bytes-like object is required, not 'str'
import base64
base64.b64encode("héllo")
