# badinput: Python misuse: str ljust huge
# expect-exit: 1
# expect-stderr: MemoryError: str.ljust() would make a str of 1000000000000 bytes, over Kiln's limit of 1 GiB for one str
x = "a".ljust(10**12, "b")
