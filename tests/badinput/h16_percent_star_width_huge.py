# badinput: '%*d' with a width of 10**10 (CPython: OverflowError? / MemoryError)
# expect-exit: 1
# expect-stderr: MemoryError
print(len("%*d" % (10**10, 1)))
