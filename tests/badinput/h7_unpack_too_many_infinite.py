# badinput: unpacking an infinite iterator into two names
# expect-exit: 1
# expect-stderr: ValueError: too many values to unpack (expected 2)
import itertools
a, b = itertools.count()
