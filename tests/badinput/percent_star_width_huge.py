# badinput: '%*d' % (10**10, 1)
# expect-exit: 1
# expect-stderr: MemoryError
s = "%*d" % (10**10, 1)
