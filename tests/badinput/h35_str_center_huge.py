# badinput: Python misuse: str center huge
# expect-exit: 1
# expect-stderr: MemoryError: str.center() would make a str of 1000000000000 bytes, over Kiln's limit of 1 GiB for one str
x = "a".center(10**12)
