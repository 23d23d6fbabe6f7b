# badinput: bytes negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: negative count
bytes(-1)
