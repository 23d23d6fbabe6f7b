# badinput: bytes negative
# expect-exit: 1
# expect-stderr: ValueError: negative count
bytes(-1)
