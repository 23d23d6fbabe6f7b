# badinput: Python misuse: format width huge
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 1000000000000 is over Kiln's limit of 1 GiB for one str
x = format(1, "1000000000000d")
