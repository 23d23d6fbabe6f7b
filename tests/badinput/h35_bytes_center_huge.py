# badinput: Python misuse: bytes center huge
# expect-exit: 1
# expect-stderr: MemoryError: a center of 1 x 1000000000000 items is over Kiln's limit of 1 GiB for one center (hint: build it in pieces, or use a tensor)
x = b"a".center(10**12)
