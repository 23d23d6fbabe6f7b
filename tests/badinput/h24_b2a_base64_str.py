# badinput: base64.b64encode of a str (CPython wants a bytes-like object, not bytes(str)'s encoding error)
# expect-exit: 1
# expect-stderr: TypeError: a bytes-like object is required, not 'str'
import base64
print(base64.b64encode("abc"))
