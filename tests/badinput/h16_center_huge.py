# badinput: str.center(2**62)
# expect-exit: 1
# expect-stderr: MemoryError
"x".center(2**62)
