# badinput: tuple repeat giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: a tuple of 2 x 1000000000000000000 items is over Kiln's limit of 1 GiB for one tuple (hint: build it in pieces, or use a tensor)
t = (1, 2) * 10**18
