# badinput: format width bomb
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 10000000000 is over Kiln's limit of 1 GiB for one str
print(f"{'x':>{10 ** 10}}")
