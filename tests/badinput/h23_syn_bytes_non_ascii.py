# badinput: a non-ASCII character in a bytes literal
# expect-exit: 1
# expect-stderr: SyntaxError: bytes can only contain ASCII literal characters
print(b"é")
