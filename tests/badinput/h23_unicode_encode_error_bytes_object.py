# badinput: UnicodeEncodeError given bytes as its object
# expect-exit: 1
# expect-stderr: TypeError: argument 2 must be str, not bytes
UnicodeEncodeError("ascii", b"x", 0, 1, "r")
