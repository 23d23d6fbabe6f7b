# badinput: Python misuse: bytearray huge
# expect-exit: 1
# expect-stderr: MemoryError: a bytearray of 1 x 1000000000000 items is over Kiln's limit of 1 GiB for one bytearray (hint: build it in pieces, or use a tensor)
x = bytearray(10**12)
