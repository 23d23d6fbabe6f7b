# badinput: bytes.center(2**40)
# expect-exit: 1
# expect-stderr: MemoryError
b"x".center(2**40)
