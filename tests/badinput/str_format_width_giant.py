# badinput: str format width giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: a formatted field with width 10000000000000 is over Kiln's limit of 1 GiB for one str
print('{:10000000000000}'.format(1))
