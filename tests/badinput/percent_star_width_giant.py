# badinput: '%*d' with a width of 2**70
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
s = "%*d" % (2**70, 1)
