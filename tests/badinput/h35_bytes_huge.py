# badinput: Python misuse: bytes huge
# expect-exit: 1
# expect-stderr: MemoryError: a bytes of 1 x 1000000000000 items is over Kiln's limit of 1 GiB for one bytes (hint: build it in pieces, or use a tensor)
x = bytes(10**12)
