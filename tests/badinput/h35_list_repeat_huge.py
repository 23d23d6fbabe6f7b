# badinput: Python misuse: list repeat huge
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1 x 1000000000000 items is over Kiln's limit of 1 GiB for one list (hint: build it in pieces, or use a tensor)
x = [0] * (10 ** 12)
