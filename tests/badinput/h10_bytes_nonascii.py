# badinput: bytes nonascii
# expect-exit: 1
# expect-stderr: SyntaxError: bytes can only contain ASCII literal characters
x = b"é"
