# badinput: '%*d' width beyond a C int
# expect-exit: 1
# expect-stderr: MemoryError
"%*d" % (2**40, 1)
