# badinput: Python misuse: str zfill huge
# expect-exit: 1
# expect-stderr: MemoryError: str.zfill() would make a str of 1000000000000 bytes, over Kiln's limit of 1 GiB for one str
x = "1".zfill(10**12)
