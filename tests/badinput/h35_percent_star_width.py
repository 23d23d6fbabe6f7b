# badinput: Python misuse: percent star width
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 1000000000000 is over Kiln's limit of 1 GiB for one str
x = "%*d" % (10**12, 1)
