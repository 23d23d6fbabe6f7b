# badinput: bytes repeat giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: a bytes of 2 x 10000000000000 items is over Kiln's limit of 1 GiB for one bytes (hint: build it in pieces, or use a tensor)
b = b'ab' * 10**13
