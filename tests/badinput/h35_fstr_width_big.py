# badinput: Python misuse: fstr width big
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 2000000000 is over Kiln's limit of 1 GiB for one str
x = f"{'a':>2000000000}"
