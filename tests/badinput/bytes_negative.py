# badinput: bytes(-1)
# expect-exit: 1
# expect-stderr: ValueError: negative count
bytes(-1)
